import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['../../scripts/fail-on-console-error.ts'],
    env: { GUILDHALL_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

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
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
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
