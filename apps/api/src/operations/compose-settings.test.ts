// deploy/compose.yaml is how a society runs the portal (README: "Run it for your society"): what they write in
// deploy/.env must reach the replicas. Read from the files themselves, as compose reads them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config';

const deploy = path.resolve(import.meta.dirname, '../../../../deploy');
const composeText = readFileSync(path.join(deploy, 'compose.yaml'), 'utf8');

/** deploy/.env.example's settings, KEY=value lines. */
const example: Record<string, string> = Object.fromEntries(
  readFileSync(path.join(deploy, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^\w+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** A portal replica's environment as compose fills it in from `vars` (${X}, ${X:-default}, ${X:?message}). */
function replicaEnvironment(vars: Record<string, string>): Record<string, string> {
  const filled = composeText.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, fallback?: string) =>
    vars[name] ? vars[name] : op === '-' ? (fallback ?? '') : '',
  );
  const environment: Record<string, unknown> = parse(filled, { merge: true }).services['portal-1'].environment;
  // Compose fills in a value after reading the YAML, so `false` stays the text "false".
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, String(value)]));
}

const society = {
  ...example,
  POSTGRES_PASSWORD: 'a'.repeat(32),
  TOKEN_SECRET: 'b'.repeat(64),
  SOCIETY_NAME: 'Harbour Court',
  MAIL_FROM: 'Harbour Court <portal@harbour.example>',
};

describe('deploy/compose.yaml with deploy/.env', () => {
  it('reads every setting deploy/.env.example offers', () => {
    // COMPOSE_PROJECT_NAME is compose's own.
    const unread = Object.keys(example).filter((key) => key !== 'COMPOSE_PROJECT_NAME' && !composeText.includes(`\${${key}`));
    expect(unread, 'settings of .env.example that compose.yaml never passes on').toEqual([]);
  });

  it('gives the replicas the mail server and the society’s name deploy/.env sets (SMTP_URL)', () => {
    const config = loadConfig(replicaEnvironment({ ...society, SMTP_URL: 'smtps://portal:pw@mail.harbour.example:465' }));
    expect(config.mail).toMatchObject({
      societyName: 'Harbour Court',
      from: 'Harbour Court <portal@harbour.example>',
      smtp: { url: 'smtps://portal:pw@mail.harbour.example:465' },
    });
  });

  it('gives them the mail server as separate settings (SMTP_HOST…), and none when deploy/.env names none', () => {
    const separate = { SMTP_HOST: 'mail.harbour.example', SMTP_PORT: '465', SMTP_USER: 'portal', SMTP_PASSWORD: 'pw', SMTP_SECURE: 'true' };
    const config = loadConfig(replicaEnvironment({ ...society, ...separate }));
    expect(config.mail.smtp).toEqual({ host: 'mail.harbour.example', port: 465, secure: true, user: 'portal', password: 'pw' });
    expect(loadConfig(replicaEnvironment(society)).mail.smtp).toBeUndefined();
  });
});
