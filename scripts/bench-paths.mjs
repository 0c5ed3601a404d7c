// bench.ts's load generator when a call is more than one URL, which autocannon's command line cannot do:
// autocannon's own API, in a process of its own, printing what `-j` prints. Either `paths`: one of several paths
// in turn whoever asks (a coordinator reading different members' records), or `clients`: one list of requests
// (method, path, headers, body) per connection, which that connection cycles through alone (the member mix:
// each connection is one member, carrying their own token and asking for their own pages).
import autocannon from 'autocannon';

// The options arrive on standard input (a command-line argument is limited to 128 kB).
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, paths, clients, connections, duration, amount, headers } = JSON.parse(input);
let next = 0;
let client = 0;
const result = await autocannon({
  url,
  connections,
  ...(amount ? { amount } : { duration }),
  headers,
  ...(clients
    ? {
        setupClient: (c) => {
          const own = clients[client % clients.length];
          // Each member starts at a different page of their cycle, so the mix is mixed from the first request.
          const start = client++ % own.length;
          c.setRequests([...own.slice(start), ...own.slice(0, start)]);
        },
      }
    : { requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] }),
});
process.stdout.write(JSON.stringify(result));
