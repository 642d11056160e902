/**
 * The part of the SCIM filter grammar (RFC 7644 §3.4.2.2) the provisioning clients use: `attr eq "value"` terms
 * joined by `and` (Okta and Entra ID ask `userName eq "…"`, `externalId eq "…"`, `displayName eq "…"`). Anything
 * else (other operators, `or`, `not`, groupings, unknown attributes) is a 400 invalidFilter naming what is
 * supported, never a silent "no match".
 */
import { ScimError } from './scim.errors';

export interface FilterTerm {
  /** The attribute, lower case, without its schema URN (`username`, `emails.value`). */
  attr: string;
  value: string | boolean | null;
}

const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;
const TOKEN = /\s*("(?:[^"\\]|\\.)*"|[^\s"]+)/y;

function invalid(detail: string): ScimError {
  return new ScimError(400, detail, 'invalidFilter');
}

function tokens(filter: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < filter.length) {
    const m = TOKEN.exec(filter);
    if (!m) {
      if (filter.slice(TOKEN.lastIndex).trim() === '') break;
      throw invalid('The filter could not be read');
    }
    out.push(m[1]!);
  }
  return out;
}

function literal(raw: string): string | boolean | null {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      throw invalid(`The filter value ${raw} is not a valid string`);
    }
  }
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (lower === 'null') return null;
  throw invalid(`The filter value ${raw} must be a quoted string, true, false or null`);
}

/** Parses a filter into `eq` terms over `allowed` attributes (lower case); throws 400 invalidFilter otherwise. */
export function parseFilter(filter: string, allowed: readonly string[]): FilterTerm[] {
  if (filter.length > 1000) throw invalid('The filter is longer than 1000 characters');
  const list = tokens(filter);
  const terms: FilterTerm[] = [];
  let i = 0;
  while (i < list.length) {
    const [attrRaw, op, value] = [list[i], list[i + 1], list[i + 2]];
    if (!attrRaw || !op || value === undefined) throw invalid('A filter term is `attribute eq "value"`');
    if (/[()[\]]/.test(attrRaw))
      throw invalid('Grouped and value filters are not supported; use `attribute eq "value"`');
    const attr = attrRaw.replace(CORE_PREFIX, '').toLowerCase();
    if (!allowed.includes(attr)) {
      throw invalid(`Filtering by ${attrRaw} is not supported; supported: ${allowed.join(', ')} with eq`);
    }
    if (op.toLowerCase() !== 'eq') throw invalid(`The operator ${op} is not supported; only eq (and "and") are`);
    terms.push({ attr, value: literal(value) });
    i += 3;
    if (i < list.length) {
      if (list[i]!.toLowerCase() !== 'and') throw invalid(`${list[i]} is not supported; only "and" joins terms`);
      i += 1;
      if (i >= list.length) throw invalid('The filter ends after "and"');
    }
  }
  if (terms.length === 0) throw invalid('The filter is empty');
  return terms;
}
