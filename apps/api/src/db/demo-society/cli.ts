// The scale seed for benchmarks: node --import tsx apps/api/src/db/demo-society/cli.ts --members 100000 [--database-url URL | --data-dir DIR]
import { parseArgs } from 'node:util';
import { hashPassword } from '../../auth/passwords';
import { openDatabase } from '../open';
import { DEMO_PASSWORD, isEmpty } from './demo';
import { recordHoldings, seedSociety } from './generate';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: './data-scale' },
    seed: { type: 'string', default: '1867' },
  },
});
const members = Number(values.members);
if (!Number.isInteger(members) || members < 10) throw new Error('--members must be a whole number of at least 10');
const database = await openDatabase(
  // A bulk load in one transaction: no statement or idle-in-transaction time limit.
  values['database-url']
    ? { kind: 'postgres', url: values['database-url'], statementTimeoutMs: 0 }
    : { kind: 'pglite', dir: values['data-dir']! },
);
try {
  await database.migrate();
  if (!(await isEmpty(database.db))) throw new Error('The database already holds a society; seed an empty one.');
  const started = performance.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const society = await database.db.transaction(async (tx) => {
    const seeded = await seedSociety(tx, { members, passwordHash, seed: Number(values.seed) });
    await recordHoldings(tx);
    return seeded;
  });
  // Fresh statistics, or the planner guesses from an empty table (a deep lookup page took minutes before ANALYZE).
  await database.analyze();
  console.log(
    `Seeded ${society.memberIds.length} members, ${society.venueIds.length} venues, ${society.domains.length} domains in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
