// Starts Guildhall: opens (and locks) the database, migrates, seeds the demo society once, and listens.
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, type Database, openDatabase } from './db/index';
import { snapshotOnSignal } from './operations/snapshot';

/** The rest of the server: the web server, the SSO provider and every route (most of a start's own work). */
const loadServer = () => Promise.all([import('./app'), import('./db/demo-society/demo'), import('./secrets')]);

/** Several replicas starting on one empty PostgreSQL: one seeds while the others wait, then find it seeded. */
async function oneProcessAtATime(database: Database, work: () => Promise<void>) {
  if (database.kind !== 'postgres') return work();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727276)');
    await work();
  } finally {
    await client.query('select pg_advisory_unlock(727276)').catch(() => undefined);
    client.release();
  }
}

async function main() {
  const config = loadConfig();
  // The embedded database opens in its worker thread while this thread loads the rest: on a restart the two
  // largest costs overlap instead of adding up (docs/bench/startup.md).
  const loading = loadServer();
  loading.catch(() => undefined); // awaited below; a failed open exits first
  let database: Database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, ...config.database, onError: (e) => console.warn(`database: ${e.message}`) }
        : { kind: 'pglite', dir: config.dataDir, onError: (e) => console.warn(`database: ${e.message}`) },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\nGuildhall did not start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const [[{ buildApp }, { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo }, { loadSecrets }]] = await Promise.all([
    loading,
    database.migrate(),
  ]);
  if (config.seedDemo) {
    await oneProcessAtATime(database, async () => {
      if (!(await isEmpty(database.db))) return;
      console.log('First start: seeding the demo society…');
      await seedDemo(database.db);
      await database.analyze();
    });
  }
  const secrets = await loadSecrets(config.dataDir, { tokenSecret: config.tokenSecret });
  const app = await buildApp(config, database, secrets);

  // SIGTERM (a deploy, a scale-down): report not ready and go on serving for SHUTDOWN_DRAIN_MS, so the load
  // balancer stops sending and connections already queued in the kernel are accepted rather than reset; then stop
  // accepting, let the requests in flight finish (at most SHUTDOWN_TIMEOUT_MS) and close the database. A write
  // that answered 2xx was committed before its answer.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.lifecycle.draining = true;
    await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
    const deadline = setTimeout(() => {
      app.log.warn('requests still in flight at the shutdown deadline; closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    deadline.unref();
    await app.close().catch((error) => app.log.error(error));
    clearTimeout(deadline);
    await database.close().catch((error) => app.log.error(error));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  snapshotOnSignal(database, config.dataDir, app.log);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.error(`\nGuildhall did not start: port ${config.port} is in use. Stop what uses it, or start with PORT=<another port>.\n`);
    await database.close();
    process.exit(1);
  }

  const lines = [
    // Since this process started (npm's own start-up before it not counted): docs/bench/startup.md.
    `\nGuildhall is running at ${config.publicUrl} (ready ${(performance.now() / 1000).toFixed(1)} s after start)`,
    `  database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  lines.push(
    `  sign-in: ${config.externalOidc ? `external provider ${config.externalOidc.issuer}` : `embedded SSO at ${config.publicUrl}/sso`}`,
  );
  if (config.seedDemo) {
    lines.push(`  demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(30)} ${account.description}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  // A setting to change is told in one line; anything else with its stack.
  console.error(error instanceof ConfigError ? `\nGuildhall did not start: ${error.message}\n` : error);
  process.exit(1);
});
