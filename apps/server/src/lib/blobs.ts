/**
 * Blob store for files that do not belong in table rows (logos, proctoring frames).
 * Local folder by default; an S3-compatible store can implement the same interface.
 */

import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Blob {
  data: Buffer;
  contentType: string;
}

export interface BlobStore {
  /** Stores bytes under a new key with the given prefix (e.g. 'logos', 'frames') and returns the key. */
  put(prefix: string, data: Buffer, contentType: string): Promise<string>;
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;

export function createLocalBlobStore(root: string): BlobStore {
  const file = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid blob key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(prefix, data, contentType) {
      const key = `${prefix}/${randomUUID()}`;
      await mkdir(path.join(root, prefix), { recursive: true });
      await writeFile(file(key), data);
      await writeFile(`${file(key)}.type`, contentType);
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        const [data, contentType] = await Promise.all([readFile(file(key)), readFile(`${file(key)}.type`, 'utf8')]);
        return { data, contentType };
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!KEY.test(key)) return;
      await rm(file(key), { force: true });
      await rm(`${file(key)}.type`, { force: true });
    },
  };
}
