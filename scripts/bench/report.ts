// The bench's tables: each call's req/s, its share of the hello-world of the same run, p50, p99, the API's CPU
// per request, its budget and the verdict.
import type { Load } from './load';

/** p99 in ms, a share of the hello-world's req/s, or req/s outright. */
export type Budget = { p99?: number; shareOfHello?: number; rps?: number };

export function reporter(helloRps: number) {
  return {
    header() {
      console.log(
        `\n${'call'.padEnd(30)} ${'req/s'.padStart(8)} ${'hello'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'cpu µs'.padStart(7)}  ${'budget'.padEnd(20)}`,
      );
    },
    line(name: string, r: Load, budget: string, verdict: string) {
      console.log(
        `${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(8)} ${((r.requests.average / helloRps) * 100).toFixed(1).padStart(7)}% ${String(r.latency.p50).padStart(7)} ${String(r.latency.p99).padStart(7)} ${(r.cpuPerRequest === undefined ? '' : r.cpuPerRequest.toFixed(0)).padStart(7)}  ${budget.padEnd(20)} ${verdict}`,
      );
    },
    /** The budgets a result misses ('p99', 'req/s'). */
    missed(budget: Budget, r: Load): string[] {
      const problems: string[] = [];
      if (budget.p99 !== undefined && r.latency.p99 > budget.p99) problems.push('p99');
      if (budget.shareOfHello !== undefined && r.requests.average < budget.shareOfHello * helloRps) problems.push('req/s');
      if (budget.rps !== undefined && r.requests.average < budget.rps) problems.push('req/s');
      return problems;
    },
  };
}

/** Answers other than 2xx, socket errors and timeouts: the call measured is not the one meant. */
export const failures = (r: Load) =>
  r.non2xx || r.errors || r.timeouts ? `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : '';

export const describe = (budget: Budget) =>
  [
    budget.shareOfHello !== undefined ? `≥ ${budget.shareOfHello * 100}% hello` : '',
    budget.rps !== undefined ? `≥ ${budget.rps.toLocaleString('en')}/s` : '',
    budget.p99 !== undefined ? `p99 ≤ ${budget.p99}` : '',
  ]
    .filter(Boolean)
    .join(', ');

/** Measures one load after a warm-up, with the API process's CPU time per request answered. */
export async function measured(warmUp: () => Promise<Load>, measure: () => Promise<Load>): Promise<Load> {
  await warmUp();
  const cpuBefore = process.cpuUsage();
  const r = await measure();
  const cpu = process.cpuUsage(cpuBefore);
  r.cpuPerRequest = (cpu.user + cpu.system) / Math.max(1, r.requests.total);
  if (process.env.BENCH_DEBUG)
    console.log(JSON.stringify({ ...r.latency, userUs: cpu.user / r.requests.total, systemUs: cpu.system / r.requests.total }));
  return r;
}
