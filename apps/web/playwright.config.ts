import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/chromium';
import { MAIL_SINK_PORT } from './e2e/mail-sink-address';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// A fixed directory, emptied by the server command itself (the config is also loaded by every worker).
const dataDir = path.join(os.tmpdir(), `guildhall-e2e-${port}`);
const executablePath = await chromiumExecutable();

export default defineConfig({
  testDir: './e2e',
  // A real SMTP server the portal sends to; specs read what the members received (e2e/helpers.ts mailTo).
  globalSetup: './e2e/mail-sink.ts',
  outputDir: '../../test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    // The portal's service worker (issue 28) would answer requests that specs route or count; only the specs
    // about working offline allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx ../api/src/server.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: 'localhost',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      // The suite signs in many times from one address; failures stay limited as in production.
      SIGNIN_FAILURES_PER_MINUTE: '10',
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_PORT}`,
      MAIL_SEND_INTERVAL_SECONDS: '1',
      MAIL_RETRY_SECONDS: '1',
    },
  },
});
