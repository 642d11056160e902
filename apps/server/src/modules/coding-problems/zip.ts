/**
 * A small, defensive ZIP reader and writer (node:zlib only) for problem packages.
 * The reader trusts nothing in the archive: it refuses ZIP64, encryption, methods other than stored/deflate,
 * unsafe names (absolute, "..", backslashes, NUL), links (a Unix symlink or hard-link entry), too many entries, and entries or totals larger than the
 * limits — the inflater itself is capped (maxOutputLength), so a zip bomb stops at the limit, not at the
 * declared size. Sizes and CRC-32 are checked against the central directory.
 */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export class ZipError extends Error {}

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 2 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEocd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  throw new ZipError('This is not a ZIP file');
}

/** A safe relative path inside the package, or null for names that must be refused. */
export function safeName(name: string): string | null {
  if (!name || name.includes('\0') || name.includes('\\')) return null;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return null;
  const parts = name.split('/');
  if (parts.some((p) => p === '..' || p === '.')) return null;
  return name;
}

/** Reads every file entry (directories skipped) into memory, within the limits. */
export function readZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, Buffer> {
  if (buf.length < 22) throw new ZipError('This is not a ZIP file');
  const eocd = findEocd(buf);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError('ZIP64 archives are not supported');
  if (count > limits.maxEntries) throw new ZipError(`The package has more than ${limits.maxEntries} files`);
  if (cdOffset + cdSize > eocd) throw new ZipError('The ZIP central directory is damaged');
  const files = new Map<string, Buffer>();
  let total = 0;
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL)
      throw new ZipError('The ZIP central directory is damaged');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    const madeOnUnix = buf.readUInt8(p + 5) === 3;
    const unixMode = buf.readUInt32LE(p + 38) >>> 16;
    const rawName = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
    if (rawName.endsWith('/')) continue; // a directory
    const name = safeName(rawName);
    if (!name) throw new ZipError(`Unsafe file name in the package: ${JSON.stringify(rawName.slice(0, 100))}`);
    // issue 43: a link entry's data is its target; unpacked elsewhere it would point outside the tree
    if (madeOnUnix && (unixMode & 0o170000) !== 0 && (unixMode & 0o170000) !== 0o100000)
      throw new ZipError(`${name} is a link or special file; only regular files are accepted`);
    if (flags & 1) throw new ZipError('Encrypted ZIP entries are not supported');
    if (method !== 0 && method !== 8) throw new ZipError(`Unsupported compression in ${name}`);
    if (size > limits.maxEntryBytes) throw new ZipError(`${name} is larger than ${limits.maxEntryBytes} bytes`);
    total += size;
    if (total > limits.maxTotalBytes)
      throw new ZipError(`The package unpacks to more than ${limits.maxTotalBytes} bytes`);
    if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== LOCAL)
      throw new ZipError(`The ZIP entry ${name} is damaged`);
    const start = localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
    if (start + compSize > buf.length) throw new ZipError(`The ZIP entry ${name} is damaged`);
    const raw = buf.subarray(start, start + compSize);
    let data: Buffer;
    try {
      // The cap is the entry limit, whatever the header claims: a bomb fails here.
      data = method === 0 ? Buffer.from(raw) : inflateRawSync(raw, { maxOutputLength: limits.maxEntryBytes });
    } catch {
      throw new ZipError(`${name} could not be unpacked (damaged or larger than ${limits.maxEntryBytes} bytes)`);
    }
    if (data.length !== size || crc32(data) !== crc) throw new ZipError(`The ZIP entry ${name} is damaged`);
    if (files.has(name)) throw new ZipError(`${name} appears twice in the package`);
    files.set(name, data);
  }
  return files;
}

/** Writes files (deflated) into a ZIP archive. */
export function writeZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const packed = deflateRawSync(f.data);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
