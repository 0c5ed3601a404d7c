// Keys and secrets generated once into the data directory (git-ignored), or taken from the environment.
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface Secrets {
  /** HMAC key of the API's access tokens. */
  tokenSecret: string;
  /** Keys of the embedded provider's cookies. */
  cookieKeys: string[];
  /** Client secret of the portal at the embedded provider. */
  ssoClientSecret: string;
  /** The embedded provider's private RS256 signing key. */
  ssoSigningKey: JWK;
}

export async function loadSecrets(dataDir: string, overrides: { tokenSecret?: string | undefined }): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  const secrets = (await readSecrets(file)) ?? (await createSecrets(dataDir, file));
  return overrides.tokenSecret ? { ...secrets, tokenSecret: overrides.tokenSecret } : secrets;
}

/** The secrets in file, or undefined when there is none yet. */
async function readSecrets(file: string): Promise<Secrets | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as Secrets;
  } catch (error) {
    throw new Error(
      `${file} is not valid JSON (${(error as Error).message}): restore it from a backup, or delete it to generate new secrets; every member will have to sign in again.`,
    );
  }
}

/**
 * New secrets, written whole under a temporary name and then linked to file: a link never replaces a file, so of two
 * starts at once on one data directory (compose's replicas on one volume) one links and the other reads the winner's,
 * and a crash leaves at most a stray temporary file, never a half-written secrets.json.
 */
async function createSecrets(dataDir: string, file: string): Promise<Secrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const secrets: Secrets = {
    tokenSecret: randomBytes(32).toString('base64url'),
    cookieKeys: [randomBytes(32).toString('base64url')],
    ssoClientSecret: randomBytes(32).toString('base64url'),
    ssoSigningKey: { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') },
  };
  await mkdir(dataDir, { recursive: true });
  const temporary = path.join(dataDir, `.secrets.json.${process.pid}.${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(JSON.stringify(secrets, null, 2));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await link(temporary, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another start won the race: use what it wrote.
    return (await readSecrets(file)) as Secrets;
  } finally {
    await rm(temporary, { force: true });
  }
}
