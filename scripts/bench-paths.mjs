// bench.ts's load generator when a call asks for one of several paths in turn (different members' records), which
// autocannon's command line cannot do: autocannon's own API, in a process of its own, printing what `-j` prints.
import autocannon from 'autocannon';

const { url, paths, connections, duration, amount, headers } = JSON.parse(process.argv[2]);
let next = 0;
const result = await autocannon({
  url,
  connections,
  ...(amount ? { amount } : { duration }),
  headers,
  requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
});
process.stdout.write(JSON.stringify(result));
