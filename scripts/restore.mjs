// `npm run restore -- BACKUP_DIR [--force]`: gives back the society a backup (scripts/backup.mjs) holds, into the
// DATABASE_URL / DATA_DIR this process is configured with. It refuses a place that already holds a society unless
// --force (PostgreSQL: its objects are replaced; the embedded database: the old directory is kept aside as
// pglite.before-restore-<time>), and refuses while a portal runs on the embedded database. Stop the portal first.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { dataDir, databaseUrl, fail, run, SECRETS_FILE, takeLock } from './backup-common.mjs';

async function restorePostgres(url, dump, force) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    if (rows[0].n > 0 && !force) {
      throw new Error('The database of DATABASE_URL already holds tables. Restore into an empty database, or add --force to replace them.');
    }
  } finally {
    await client.end();
  }
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`];
  if (force) args.push('--clean', '--if-exists');
  await run('pg_restore', [...args, dump]);
}

async function restorePglite(dir, archive, force) {
  mkdirSync(dir, { recursive: true });
  const release = takeLock(dir); // refuses while a portal holds it
  try {
    const target = path.join(dir, 'pglite');
    if (existsSync(target) && readdirSync(target).length > 0) {
      if (!force) throw new Error(`${target} already holds a database. Restore into an empty DATA_DIR, or add --force to set it aside.`);
      renameSync(target, `${target}.before-restore-${Date.now()}`);
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: target, loadDataDir: new Blob([gunzipSync(readFileSync(archive))]) });
    await db.query('select 1');
    await db.close();
  } finally {
    release();
  }
}

async function main() {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  const from = positionals[0];
  if (!from) throw new Error('Usage: npm run restore -- <backup directory> [--force]');
  const manifest = JSON.parse(readFileSync(path.join(from, 'manifest.json'), 'utf8'));
  const dir = dataDir();
  const url = databaseUrl();
  const secrets = manifest.files.includes(SECRETS_FILE) ? readFileSync(path.join(from, SECRETS_FILE), 'utf8') : undefined;
  const secretsTarget = path.join(dir, SECRETS_FILE);
  if (secrets && existsSync(secretsTarget) && readFileSync(secretsTarget, 'utf8') !== secrets && !values.force) {
    throw new Error(
      `${secretsTarget} holds other secrets than the backup's. Restore into an empty DATA_DIR, or add --force to replace them.`,
    );
  }
  if (manifest.database === 'postgres') {
    if (!url) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into.');
    await restorePostgres(url, path.join(from, 'database.pgdump'), values.force);
  } else {
    if (url) throw new Error('This backup is of the embedded database: unset DATABASE_URL (DATA_DIR says where it goes).');
    await restorePglite(dir, path.join(from, 'pglite.tar.gz'), values.force);
  }
  if (secrets) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(secretsTarget, secrets, { mode: 0o600 });
  }
  console.log(
    `Restored ${manifest.database === 'postgres' ? 'the PostgreSQL database' : `the embedded database in ${dir}`} from ${from} (made ${manifest.created}).`,
  );
}

main().catch(fail);
