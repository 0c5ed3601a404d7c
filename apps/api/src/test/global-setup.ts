// Builds one migrated, demo-seeded database per run; each test file then starts from its own copy of it
// (a PGlite dump, or a PostgreSQL database made from a template), so files never share state.
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/index';
import { seedDemo } from '../db/demo-society/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
    testRun: string;
  }
}

// Per run (pid), so test runs from several checkouts on one PostgreSQL server do not drop each other's
// databases; leftovers of runs whose process has gone are dropped at the next start.
const RUN = String(process.pid);
export const TEMPLATE_DB = `guildhall_test_template_${RUN}`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export default async function setup(project: TestProject) {
  // The project's `env` reaches its test files, not this process: read it from the project's config.
  if (project.config.env?.GUILDHALL_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const ours = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'guildhall\\_t\\_%' or datname like 'guildhall\\_test\\_template%'",
    );
    for (const { datname } of ours.rows) {
      const pid = Number(/(\d+)(?:_[0-9a-f]+)?$/.exec(datname)?.[1]);
      if (Number.isInteger(pid) && pid > 0 && alive(pid) && datname !== TEMPLATE_DB) continue;
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.query(`create database "${TEMPLATE_DB}"`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolSize: 2 });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    await admin.end();
    project.provide('postgresTemplate', TEMPLATE_DB);
    project.provide('testRun', RUN);
    project.provide('pgliteDump', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  await seedDemo(database.db);
  if (database.kind !== 'pglite') throw new Error('An in-memory PGlite was asked for.');
  const dump = await database.dump();
  await database.close();
  const file = path.join(os.tmpdir(), `guildhall-test-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
  project.provide('testRun', RUN);
  // The dump (45 MB) is this run's alone: gone with it, not left in the temporary directory.
  return () => rm(file, { force: true });
}
