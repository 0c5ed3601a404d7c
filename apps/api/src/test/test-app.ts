// A fresh copy of the seeded database and a built app for one test file; requests go through app.inject.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase, userEmails, users } from '../db/index';
import { buildCoordinator, buildMember, buildVenue } from './factories';
import { freePort } from './oidc-flow';
import { DEMO_PASSWORD } from '../db/demo-society/demo';
import { loadSecrets } from '../secrets';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (none on PGlite), for a test that plays another process on it. */
  url?: string;
  config: Config;
  /** Signs in with the demo password through POST /api/auth/login and returns the bearer token. */
  tokenFor(email: string): Promise<string>;
  idOf(email: string): Promise<number>;
  /** A signed-in bearer token for any member (a factory's, who has no password), without the sign-in page. */
  sessionFor(id_user: number): Promise<string>;
  /** Ids and signed-in tokens of demo accounts, by role. */
  accounts<R extends DemoRole>(...roles: R[]): Promise<{ id: Record<R, number>; token: Record<R, string> }>;
  close(): Promise<void>;
}

/** `logQuery`: told each statement Drizzle runs on the copy. */
export async function openTestDatabase(
  logQuery?: (sql: string) => void,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const logger = logQuery && { logQuery };
  const template = inject('postgresTemplate');
  if (template) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `guildhall_t_${inject('testRun')}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        // Two files copying the template at once: wait and try again.
        if (attempt > 20 || (error as { code?: string }).code !== '55006') throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 4, logger });
    return {
      database,
      url: dbUrl.toString(),
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const database = await openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([dump]), logger });
  return { database, drop: () => database.close() };
}

export type DemoRole = 'member' | 'storyteller' | 'coordinator' | 'admin';

export interface TestAppOptions {
  /** A database of the test's own instead of a copy of the seeded one; closed with the app. */
  database?: Database;
  /** Adds routes of the test's own before the app starts. */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Told each statement Drizzle runs on the seeded copy (Drizzle's logger), as sent, placeholders and all. */
  logQuery?: (sql: string) => void;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop, url } = options.database
    ? { database: options.database, drop: () => options.database!.close(), url: undefined }
    : await openTestDatabase(options.logQuery);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3999',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const secrets = await loadSecrets(dataDir, {});
  const app = await buildApp(config, database, secrets);
  options.extraRoutes?.(app);
  await app.ready();
  const ids = new Map<string, number>();
  const testApp: TestApp = {
    app,
    database,
    url,
    config,
    async tokenFor(email) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().result as string;
    },
    async idOf(email) {
      const known = ids.get(email);
      if (known) return known;
      const [row] = await database.db
        .select({ id_user: userEmails.id_user })
        .from(userEmails)
        .where(eq(sql`lower(${userEmails.email})`, email.toLowerCase()));
      if (!row) throw new Error(`no member with email ${email}`);
      ids.set(email, row.id_user);
      return row.id_user;
    },
    sessionFor: (id_user) => app.deps.tokens.issue(id_user, { method: 'test' }),
    async accounts<R extends DemoRole>(...roles: R[]) {
      const id = {} as Record<R, number>;
      const token = {} as Record<R, string>;
      for (const role of roles) {
        id[role] = await testApp.idOf(`${role}@guildhall.test`);
        token[role] = await testApp.tokenFor(`${role}@guildhall.test`);
      }
      return { id, token };
    },
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** A test app listening on a free port of localhost, its PUBLIC_URL that address (for real HTTP and browsers). */
export async function createListeningTestApp(env: Record<string, string> = {}): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const t = await createTestApp({ PUBLIC_URL: base, ...env });
  await t.app.listen({ port, host: 'localhost' });
  return { t, base };
}

/**
 * Another portal process on the same database (as several API processes share one PostgreSQL), with its own
 * settings: cheaper than a database per portal when a test needs several differently configured portals.
 */
export async function createPortalOn(
  base: TestApp,
  env: Record<string, string>,
  options: { ownPool?: boolean } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  // On PostgreSQL, `ownPool` gives the portal connections of its own, as another process has.
  const own = options.ownPool && base.url ? await openDatabase({ kind: 'postgres', url: base.url, poolSize: 4 }) : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const app = await buildApp(config, own ?? base.database, await loadSecrets(dataDir, {}));
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await own?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The roles × calls matrix of issue 13: a member, the coordinator of their domain, a coordinator of another
 * region's domain (out of reach), an administrator — ids and tokens by role, and the member's home domain.
 */
export async function matrixAccounts(t: TestApp) {
  const { id, token } = await t.accounts('member', 'coordinator', 'admin');
  const { member: outsider } = await buildCoordinator(t.database.db);
  const [home] = await t.database.db.select({ id_location: users.id_location }).from(users).where(eq(users.id_user, id.member));
  return {
    id: { ...id, outCoordinator: outsider.id_user } as Record<string, number>,
    token: { ...token, outCoordinator: await t.sessionFor(outsider.id_user) } as Record<string, string>,
    home: home!.id_location!,
    far: outsider.id_location!,
  };
}

/** A test app with the matrix accounts (matrixAccounts), `id.memberLocation` being the member's home domain. */
export async function matrixApp(): Promise<{ t: TestApp; id: Record<string, number>; token: Record<string, string> }> {
  const t = await createTestApp();
  const { id, token, home } = await matrixAccounts(t);
  return { t, id: { ...id, memberLocation: home }, token };
}

/**
 * Opens an app with `setUp` before this file's tests (handed to `opened`) and closes it after them; answers GET and
 * POST as one of its accounts, by name.
 */
export function useTestApp<A extends { t: TestApp; token: Record<string, string> }>(setUp: () => Promise<A>, opened: (app: A) => void) {
  let app: A | undefined;
  beforeAll(async () => {
    app = await setUp();
    opened(app);
  });
  afterAll(async () => {
    await app?.t.close();
  });
  const as = (who: string) => bearer(app!.token[who]!);
  return {
    get: (url: string, who: string) => app!.t.app.inject({ method: 'GET', url, headers: as(who) }),
    post: (url: string, who: string, payload?: object) =>
      app!.t.app.inject({ method: 'POST', url, headers: as(who), ...(payload ? { payload } : {}) }),
  };
}

/** An app and its administrator's token, for useTestApp. */
export async function adminApp(): Promise<{ t: TestApp; token: Record<string, string> }> {
  const t = await createTestApp();
  return { t, token: { admin: await t.tokenFor('admin@guildhall.test') } };
}

/** useTestApp with the matrix accounts (matrixApp). */
export const useMatrixApp = (opened: (app: Awaited<ReturnType<typeof matrixApp>>) => void) => useTestApp(matrixApp, opened);

/**
 * Two style sheets and their storytellers: venue X run by the demo storyteller, venue Y by another storyteller
 * (`otherSt`, who can sign in as `token.otherSt`), beside the member, coordinator and administrator.
 */
export async function twoVenuesApp() {
  const t = await createTestApp();
  const accounts = await t.accounts('member', 'storyteller', 'coordinator', 'admin');
  const [id, token] = [accounts.id as Record<string, number>, accounts.token as Record<string, string>];
  const db = t.database.db;
  const venueX = (await buildVenue(db, { id_user_st: id.storyteller!, venue_name: 'Harbour Court' })).id_venue;
  const other = await buildMember(db, { email: 'other-st@factory.test' });
  await db.execute(
    sql`update users set password_hash = (select password_hash from users where id_user = ${id.storyteller}) where id_user = ${other.id_user}`,
  );
  const venueY = (await buildVenue(db, { id_user_st: other.id_user, venue_name: 'Ashen Vale' })).id_venue;
  token.otherSt = await t.tokenFor('other-st@factory.test');
  return { t, id, token, venueX, venueY, otherSt: other.id_user };
}
