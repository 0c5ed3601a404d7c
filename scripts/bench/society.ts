// The bench's society: opened (seeded once, then ANALYZEd) and served by the API on 127.0.0.1, with the
// members whose tokens the calls carry.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app';
import { hashPassword } from '../../apps/api/src/auth/passwords';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/index';
import { DEMO_PASSWORD, isEmpty, seedDemo } from '../../apps/api/src/db/demo-society/demo';
import { seedSociety } from '../../apps/api/src/db/demo-society/generate';
import { loadSecrets } from '../../apps/api/src/secrets';

export type Database = Awaited<ReturnType<typeof openDatabase>>;

/** Raw rows of a query (the drivers differ in how they type numbers: callers convert). */
export const rowsOf =
  (database: Database) =>
  async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

export interface Society {
  database: Database;
  base: string;
  staffToken: string;
  memberToken: string;
  /** Issue 12: the venue storyteller with the most applications waiting at Low, and a regional storyteller. */
  approverToken: string;
  regionalToken: string;
  /** Issue 11: the style sheet with the most characters. */
  busiestVenue: number;
  /** The member whose own record, overview and prestige are read. */
  id: number;
  /** Members whose records a coordinator reads in turn. */
  memberIds: number[];
  /** Beginnings of last names a coordinator looks up in turn. */
  namePrefixes: string[];
  lastPage: number;
  /** Signs a member in with the society's demo password and answers their bearer token. */
  signIn(email: unknown): Promise<string>;
  close(): Promise<void>;
}

/** Opens (seeding once, then ANALYZE) a society and serves it: the demo one, or `size` members. */
export async function openSociety(target: { postgres?: string; dir: string }, size: number, listenPort: number): Promise<Society> {
  const database = await openDatabase(
    target.postgres ? { kind: 'postgres', url: target.postgres, statementTimeoutMs: 0 } : { kind: 'pglite', dir: target.dir },
  );
  await database.migrate();
  const db = database.db;
  if (await isEmpty(db)) {
    const started = performance.now();
    if (size === 0) await seedDemo(db);
    else {
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      await db.transaction((tx) => seedSociety(tx, { members: size, passwordHash }));
    }
    console.log(`Seeded ${size === 0 ? 'the demo society' : `${size} members`} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await database.analyze();
  const rows = rowsOf(database);
  const [staff] = await rows(
    sql`select e.email from positions p join user_emails e on e.id_user = p.id_user where p.pos_type = 'DC' order by p.id_position limit 1`,
  );
  const [member] = await rows(
    sql`select u.id_user, e.email from users u join user_emails e on e.id_user = u.id_user order by u.id_user limit 1 offset 100`,
  );
  const [{ n: total } = { n: 0 }] = await rows(sql`select count(*)::int as n from users`);
  const someMembers = await rows(sql`select id_user from users order by id_user limit 200 offset 200`);
  const someNames = await rows(
    sql`select distinct left(fold_lname, 3) as prefix from users where length(fold_lname) >= 3 order by 1 limit 200`,
  );
  const [approver] = await rows(
    sql`select e.email from approvals a join user_emails e on e.id_user = a.id_user_low where a.status = 'Pending Low' group by e.email order by count(*) desc, e.email limit 1`,
  );
  const [regional] = await rows(
    sql`select e.email from positions p join user_emails e on e.id_user = p.id_user where p.pos_type = 'RST' order by p.id_position limit 1`,
  );
  const [venue] = await rows(
    sql`select id_venue from characters where id_venue is not null group by id_venue order by count(*) desc, id_venue limit 1`,
  );
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DATA_DIR: target.dir,
    PUBLIC_URL: 'http://127.0.0.1:3999',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(listenPort),
  });
  const app = await buildApp(config, database, await loadSecrets(target.dir, {}));
  await app.listen({ host: '127.0.0.1', port: listenPort });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const signIn = async (email: unknown) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (!res.ok) throw new Error(`Signing ${String(email)} in answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { result: string }).result;
  };
  return {
    database,
    base,
    // A coordinator looks members up; a member reads their own record.
    staffToken: await signIn(staff!.email),
    memberToken: await signIn(member!.email),
    approverToken: await signIn(approver!.email),
    regionalToken: await signIn(regional!.email),
    busiestVenue: Number(venue!.id_venue),
    id: Number(member!.id_user),
    memberIds: someMembers.map((m) => Number(m.id_user)),
    namePrefixes: someNames.map((n) => String(n.prefix)),
    lastPage: Math.max(1, Math.floor(Number(total) / 10) - 10),
    signIn,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
