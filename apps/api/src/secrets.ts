// Keys and secrets generated once into the data directory (git-ignored), or taken from the environment.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
  let secrets: Secrets;
  try {
    secrets = JSON.parse(await readFile(file, 'utf8')) as Secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    secrets = {
      tokenSecret: randomBytes(32).toString('base64url'),
      cookieKeys: [randomBytes(32).toString('base64url')],
      ssoClientSecret: randomBytes(32).toString('base64url'),
      ssoSigningKey: { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') },
    };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' }).catch(async (e) => {
      // Another start won the race: use what it wrote.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      secrets = JSON.parse(await readFile(file, 'utf8')) as Secrets;
    });
  }
  return overrides.tokenSecret ? { ...secrets, tokenSecret: overrides.tokenSecret } : secrets;
}
