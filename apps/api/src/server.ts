// Starts Guildhall: opens (and locks) the database, migrates, seeds the demo society once, and listens.
import { buildApp } from './app';
import { pruneExpiredOidcPayloads } from './auth/oidc-adapter';
import { loadConfig } from './config';
import { type Database, isEmpty, openDatabase } from './db/index';
import { DataDirLockedError } from './db/lock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/demo-society/demo';
import { loadSecrets } from './secrets';

async function main() {
  const config = loadConfig();
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
  await database.migrate();
  if (config.seedDemo && (await isEmpty(database.db))) {
    console.log('First start: seeding the demo society…');
    await seedDemo(database.db);
    await database.analyze();
  }
  const secrets = await loadSecrets(config.dataDir, { tokenSecret: config.tokenSecret });
  const app = await buildApp(config, database.db, secrets);

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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.error(`\nGuildhall did not start: port ${config.port} is in use. Stop what uses it, or start with PORT=<another port>.\n`);
    await database.close();
    process.exit(1);
  }
  setInterval(() => void pruneExpiredOidcPayloads(database.db).catch((e) => app.log.warn(e)), 3600_000).unref();

  const lines = [
    `\nGuildhall is running at ${config.publicUrl}`,
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
  console.error(error);
  process.exit(1);
});
