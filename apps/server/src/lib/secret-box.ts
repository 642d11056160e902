/**
 * Secrets at rest (issue 23): webhook signing secrets and SSO client secrets are stored sealed with
 * AES-256-GCM under a key from SECRETS_KEY, or from `<DATA_DIR>/secrets.key`, generated (mode 0600) on first
 * start. A database dump alone then reveals none of them. Rows written before sealing are read as they are.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const PREFIX = 'enc:v1:';

function keyBytes(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

export function sealSecret(key: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(key), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
}

export function openSecret(key: string, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, sealed] = stored.slice(PREFIX.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(key), Buffer.from(iv ?? '', 'base64url'));
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed ?? '', 'base64url')), decipher.final()]).toString('utf8');
}

/** The key file of a data folder: read it, or write a new random key on first start. */
export async function loadOrCreateSecretsKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secrets.key');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  // wx: two processes starting at once never overwrite each other's key.
  await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return (await readFile(file, 'utf8')).trim();
}

/** The key the app was started with (createAppDeps always sets one). */
export function requireSecretsKey(config: { secretsKey: string | null }): string {
  if (!config.secretsKey) throw new Error('secrets key missing: createAppDeps sets config.secretsKey');
  return config.secretsKey;
}
