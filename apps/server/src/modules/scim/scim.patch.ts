/**
 * PatchOp bodies (RFC 7644 §3.5.2) read into a list of plain operations. Clients differ: Okta sends
 * `{op:"replace", value:{active:false}}` without a path, Entra ID capitalises the op ("Replace", "Add") and, for
 * apps it treats as older, sends booleans as strings ("False") and removes members with a value list instead of a
 * `members[value eq "…"]` path. All of these are read the same way here.
 */
import { ScimError } from './scim.errors';

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const MAX_OPERATIONS = 1000;

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  /** The path, lower case, without the core schema URN; null when the op carries an object of attributes. */
  path: string | null;
  /** For `members[value eq "x"]` and `emails[type eq "work"].value`: the filter's attribute and value. */
  filter: { attr: string; value: string } | null;
  /** What follows the filter (`value` in `emails[type eq "work"].value`), lower case. */
  subAttr: string | null;
  value: unknown;
}

const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;
const VALUE_PATH = /^([a-z][\w.:-]*)\[\s*([a-z][\w.]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*\](?:\.([a-z][\w]*))?$/i;

function syntax(detail: string): ScimError {
  return new ScimError(400, detail, 'invalidSyntax');
}

function readPath(raw: string): Pick<PatchOperation, 'path' | 'filter' | 'subAttr'> {
  const path = raw.trim().replace(CORE_PREFIX, '');
  const m = VALUE_PATH.exec(path);
  if (m) {
    const literal = m[3]!;
    const value = literal.startsWith('"') ? (JSON.parse(literal) as string) : literal.toLowerCase();
    return {
      path: m[1]!.toLowerCase(),
      filter: { attr: m[2]!.toLowerCase(), value },
      subAttr: m[4]?.toLowerCase() ?? null,
    };
  }
  if (/[[\]()]/.test(path)) throw new ScimError(400, `The path ${raw} is not supported`, 'invalidPath');
  return { path: path.toLowerCase(), filter: null, subAttr: null };
}

/** The operations of a PatchOp body; 400 invalidSyntax for anything that is not one. */
export function readPatch(body: unknown): PatchOperation[] {
  if (!body || typeof body !== 'object') throw syntax('The body must be a PatchOp object');
  const b = body as { schemas?: unknown; Operations?: unknown; operations?: unknown };
  if (Array.isArray(b.schemas) && !b.schemas.includes(PATCH_OP_SCHEMA))
    throw syntax(`A PATCH body names the schema ${PATCH_OP_SCHEMA}`);
  const ops = b.Operations ?? b.operations;
  if (!Array.isArray(ops) || ops.length === 0) throw syntax('A PATCH body has a non-empty Operations list');
  if (ops.length > MAX_OPERATIONS) throw new ScimError(400, `At most ${MAX_OPERATIONS} operations`, 'tooMany');
  return ops.map((raw, i) => {
    if (!raw || typeof raw !== 'object') throw syntax(`Operation ${i + 1} is not an object`);
    const o = raw as { op?: unknown; path?: unknown; value?: unknown };
    const op = typeof o.op === 'string' ? o.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw syntax(`Operation ${i + 1}: op must be add, replace or remove`);
    if (o.path !== undefined && o.path !== null && typeof o.path !== 'string')
      throw syntax(`Operation ${i + 1}: path must be a string`);
    const hasPath = typeof o.path === 'string' && o.path.trim() !== '';
    if (!hasPath && op === 'remove') throw new ScimError(400, `Operation ${i + 1}: remove needs a path`, 'noTarget');
    if (!hasPath && (typeof o.value !== 'object' || o.value === null || Array.isArray(o.value)))
      throw syntax(`Operation ${i + 1}: without a path, value must be an object of attributes`);
    const where = hasPath ? readPath(o.path as string) : { path: null, filter: null, subAttr: null };
    return { op, ...where, value: o.value };
  });
}

/** A boolean as SCIM clients send it: true/false, or Entra ID's "True"/"False". */
export function readBoolean(value: unknown, attr: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw new ScimError(400, `${attr} must be true or false`, 'invalidValue');
}

/** Splits a path-less op's value object into one op per attribute (`{name:{givenName}}` stays one `name` op). */
export function expandValueObject(op: PatchOperation): PatchOperation[] {
  if (op.path !== null) return [op];
  return Object.entries(op.value as Record<string, unknown>).map(([key, value]) => ({
    op: op.op,
    ...readPath(key),
    value,
  }));
}
