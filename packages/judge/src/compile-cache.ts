import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A content-addressed store of compiled programs, shared by every judge process that points at the same
 * directory. The key covers everything a compile's output depends on (language, toolchain version, the
 * compile command with its flags and mounts, every source file), so equal keys mean equal artefacts.
 *
 * The store is never bound into a sandbox. On a hit the artefact's bytes are read, hashed, compared with the
 * manifest written next to them and only then copied into the submission's fresh work dir, which runs mount
 * read-only: the bytes that run are the bytes that were checked. An entry whose bytes no longer match (a
 * crash mid-write in an older process, a full disk, a hand edit) is removed and the program compiled again.
 * Only successful compiles are stored: a compile that hit a limit under load may pass on a quiet machine.
 */

/** What a compile's output depends on. */
export interface CompileKeyParts {
  language: string;
  toolchainVersion: string | null;
  /** The compile command: compiler path, flags, environment and mounts. */
  step: { argv: string[]; env?: Record<string, string>; binds?: { src: string; dest: string }[] };
  /** The source files written into the work dir before compiling (name → content). */
  files: Record<string, string>;
}

/** Bump when the layout of entries or the meaning of a key changes: older entries are then never read. */
const FORMAT = 1;
const MANIFEST = 'manifest.json';
const MAX_ENTRY_FILES = 256;
const MAX_ENTRY_BYTES = 64 << 20;

export function compileKey(parts: CompileKeyParts): string {
  const h = createHash('sha256');
  const files = Object.keys(parts.files)
    .sort()
    .map((name) => [
      name,
      createHash('sha256')
        .update(parts.files[name] as string)
        .digest('hex'),
    ]);
  const env = Object.entries(parts.step.env ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  h.update(
    JSON.stringify({
      format: FORMAT,
      language: parts.language,
      toolchain: parts.toolchainVersion,
      argv: parts.step.argv,
      env,
      binds: (parts.step.binds ?? []).map((b) => [b.src, b.dest]),
      files,
    }),
  );
  return h.digest('hex');
}

interface ManifestFile {
  path: string;
  mode: number;
  size: number;
  sha256: string;
}

interface Manifest {
  format: number;
  key: string;
  bytes: number;
  files: ManifestFile[];
}

export interface CompileCacheStats {
  hits: number;
  misses: number;
  stores: number;
  /** Entries refused because their bytes did not match their manifest (then removed). */
  rejected: number;
  evicted: number;
}

export interface CompileCache {
  /** Copies a verified entry's artefacts into `box`; false on a miss or a refused entry. */
  restore(key: string, box: string): Promise<boolean>;
  /** Stores what the compile added to or changed in `box` (files not among `sources` with that content). */
  save(key: string, box: string, sources: Record<string, string>): Promise<void>;
  stats(): CompileCacheStats;
}

export interface CompileCacheOptions {
  dir: string;
  /** Total size the store may reach before least recently used entries go, default 256 MiB. */
  maxBytes?: number;
}

const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** A relative path that stays inside the entry (no absolute path, no `..`, no empty part). */
function isSafeRelative(p: string): boolean {
  if (typeof p !== 'string' || p === '' || path.isAbsolute(p) || p.includes('\0')) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

function parseManifest(text: string, key: string): Manifest | null {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return null;
  }
  const man = m as Manifest;
  if (!man || man.format !== FORMAT || man.key !== key || !Array.isArray(man.files)) return null;
  if (man.files.length > MAX_ENTRY_FILES) return null;
  for (const f of man.files) {
    if (!f || !isSafeRelative(f.path) || f.path === MANIFEST) return null;
    if (!Number.isInteger(f.size) || f.size < 0 || typeof f.sha256 !== 'string' || !Number.isInteger(f.mode))
      return null;
  }
  return man;
}

/** Regular files under `root`, as paths relative to it; symlinks and special files are left out. */
async function listFiles(root: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) out.push(...(await listFiles(root, p)));
    else if (d.isFile()) out.push(p);
  }
  return out;
}

export function createCompileCache(opts: CompileCacheOptions): CompileCache {
  const dir = opts.dir;
  const maxBytes = Math.max(1 << 20, opts.maxBytes ?? 256 << 20);
  const counts: CompileCacheStats = { hits: 0, misses: 0, stores: 0, rejected: 0, evicted: 0 };
  let ready: Promise<void> | null = null;
  // this process's view of the store's size; other processes add to it too, so a full scan decides eviction
  let approxBytes: number | null = null;

  const entryDir = (key: string) => path.join(dir, key.slice(0, 2), key);
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true, mode: 0o700 }).then(() => undefined);
    return ready;
  };

  /** Takes an entry out of view first (rename is atomic), so no reader sees it half deleted. */
  async function drop(where: string): Promise<void> {
    const gone = path.join(dir, `.gone-${randomBytes(6).toString('hex')}`);
    try {
      await rename(where, gone);
    } catch {
      return;
    }
    await rm(gone, { recursive: true, force: true });
  }

  async function scan(): Promise<{ where: string; bytes: number; used: number }[]> {
    const entries: { where: string; bytes: number; used: number }[] = [];
    for (const shard of await readdir(dir).catch(() => [] as string[])) {
      if (shard.startsWith('.')) continue;
      for (const key of await readdir(path.join(dir, shard)).catch(() => [] as string[])) {
        const where = path.join(dir, shard, key);
        try {
          const manifestPath = path.join(where, MANIFEST);
          const [st, text] = await Promise.all([stat(manifestPath), readFile(manifestPath, 'utf8')]);
          const man = parseManifest(text, key);
          entries.push({ where, bytes: man ? man.bytes : 0, used: st.mtimeMs });
        } catch {
          // removed by another process while we looked, or never finished: left to that process
        }
      }
    }
    return entries;
  }

  async function evictIfFull(): Promise<void> {
    if (approxBytes === null) approxBytes = (await scan()).reduce((s, e) => s + e.bytes, 0);
    if (approxBytes <= maxBytes) return;
    const entries = (await scan()).sort((a, b) => a.used - b.used);
    let total = entries.reduce((s, e) => s + e.bytes, 0);
    // down to 90% so that every store does not trigger another scan
    for (const e of entries) {
      if (total <= maxBytes * 0.9) break;
      await drop(e.where);
      total -= e.bytes;
      counts.evicted += 1;
    }
    approxBytes = total;
  }

  return {
    async restore(key, box) {
      const where = entryDir(key);
      let man: Manifest | null;
      try {
        man = parseManifest(await readFile(path.join(where, MANIFEST), 'utf8'), key);
      } catch {
        counts.misses += 1;
        return false;
      }
      const checked: { f: ManifestFile; data: Buffer }[] = [];
      for (const f of man?.files ?? []) {
        const data = await readFile(path.join(where, f.path)).catch(() => null);
        if (!data || data.length !== f.size || sha256(data) !== f.sha256) {
          man = null;
          break;
        }
        checked.push({ f, data });
      }
      if (!man) {
        counts.rejected += 1;
        counts.misses += 1;
        await drop(where);
        return false;
      }
      for (const { f, data } of checked) {
        const target = path.join(box, f.path);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
        // written by the judge, read-only to the sandboxed program (its /box is mounted read-only for runs)
        await writeFile(target, data, { mode: f.mode & 0o755, flag: 'w' });
      }
      // the manifest's mtime is the entry's last use, for eviction
      const now = new Date();
      await utimes(path.join(where, MANIFEST), now, now).catch(() => undefined);
      counts.hits += 1;
      return true;
    },

    async save(key, box, sources) {
      await ensureDir();
      const files: ManifestFile[] = [];
      const datas: Buffer[] = [];
      let bytes = 0;
      for (const rel of await listFiles(box)) {
        const data = await readFile(path.join(box, rel));
        if (sources[rel] !== undefined && data.equals(Buffer.from(sources[rel] as string))) continue;
        const st = await stat(path.join(box, rel));
        bytes += data.length;
        if (files.length >= MAX_ENTRY_FILES || bytes > MAX_ENTRY_BYTES) return; // not worth keeping
        files.push({ path: rel, mode: st.mode & 0o755, size: data.length, sha256: sha256(data) });
        datas.push(data);
      }
      const where = entryDir(key);
      const tmp = path.join(dir, `.new-${process.pid}-${randomBytes(6).toString('hex')}`);
      try {
        for (const [i, f] of files.entries()) {
          const target = path.join(tmp, f.path);
          await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
          await writeFile(target, datas[i] as Buffer, { mode: 0o600 });
        }
        await mkdir(tmp, { recursive: true, mode: 0o700 });
        const manifest: Manifest = { format: FORMAT, key, bytes, files };
        await writeFile(path.join(tmp, MANIFEST), JSON.stringify(manifest), { mode: 0o600 });
        await mkdir(path.dirname(where), { recursive: true, mode: 0o700 });
        // atomic: readers see no entry or a whole one; if another process stored it first, theirs stays
        await rename(tmp, where);
        counts.stores += 1;
        if (approxBytes !== null) approxBytes += bytes;
      } catch {
        // a lost race or a full disk costs a compile next time, never a judging
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
      await evictIfFull().catch(() => undefined);
    },

    stats: () => ({ ...counts }),
  };
}
