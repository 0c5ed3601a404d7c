// Builds one migrated, demo-seeded database per run; each test file then starts from its own copy of it
// (a PGlite dump, or a PostgreSQL database made from a template), so files never share state.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../db/client';
import { seedDemo } from '../db/demo-society/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

export const TEMPLATE_DB = 'guildhall_test_template';

export default async function setup(project: TestProject) {
  if (process.env.GUILDHALL_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'guildhall_t\\_%' or datname = $1",
      [TEMPLATE_DB],
    );
    for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolSize: 2 });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    await admin.end();
    project.provide('postgresTemplate', TEMPLATE_DB);
    project.provide('pgliteDump', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  await seedDemo(database.db);
  const dump = await dumpPglite(database);
  await database.close();
  const file = path.join(os.tmpdir(), `guildhall-test-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
}
