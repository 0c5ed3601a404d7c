import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Files that replace a module with vi.mock: only a fresh module graph per file sees the replacement (decision 146).
const MOCKING_MODULES = ['src/auth/password-change-race.test.ts', 'src/secrets.test.ts'];

/**
 * The API's tests on one database. A worker keeps its modules from one file to the next (`isolate: false`): each file
 * still has its own database, app and ports, and loading the API again for every file cost a quarter of the run.
 */
const apiProject = (name: string, db: 'pglite' | 'postgres', isolated = false) => ({
  test: {
    name: isolated ? `${name}-isolated` : name,
    root: './apps/api',
    include: isolated ? MOCKING_MODULES : ['src/**/*.test.ts'],
    exclude: isolated ? [] : MOCKING_MODULES,
    isolate: isolated,
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['../../scripts/fail-on-console-error.ts'],
    env: { GUILDHALL_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

const apiProjects = (db: 'pglite' | 'postgres') => [apiProject(`api-${db}`, db), apiProject(`api-${db}`, db, true)];

export default defineConfig({
  test: {
    // A file as often waits on its database, mail server or provider as it runs: one worker per core, not Vitest's
    // default of one fewer (decision 135).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../scripts/fail-on-console-error.ts'],
        },
      },
      ...apiProjects('pglite'),
      ...(process.env.TEST_DATABASE_URL ? apiProjects('postgres') : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts', '../../scripts/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
