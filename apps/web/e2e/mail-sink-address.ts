// Where the e2e mail sink listens and writes, derived from the portal's port so parallel runs do not meet.
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_SINK_PORT = port + 1;
export const MAIL_SINK_DIR = path.join(os.tmpdir(), `guildhall-e2e-mail-${port}`);
