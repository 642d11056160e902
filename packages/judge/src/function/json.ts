/**
 * A small JSON reader that keeps numbers as their text, so a 64-bit integer survives (JSON.parse would round
 * it to a double). Only what case inputs and outputs need: the full JSON grammar, no reviver.
 */
export type JsonValue = { num: string } | string | boolean | null | JsonValue[] | { obj: true };

export class JsonSyntaxError extends Error {}

export function parseJsonExact(text: string): JsonValue {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at character ${i + 1}`);
  };
  const value = (): JsonValue => {
    ws();
    const c = text[i];
    if (c === '[') {
      i++;
      const out: JsonValue[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return out;
        } else fail('expected , or ]');
      }
    }
    if (c === '{') {
      // objects are valid JSON but no parameter type takes one: skip it whole for a clear type message
      let depth = 0;
      do {
        if (text[i] === '"') string();
        else {
          if (text[i] === '{') depth++;
          if (text[i] === '}') depth--;
          i++;
        }
        if (i > text.length) fail('unterminated object');
      } while (depth > 0);
      return { obj: true };
    }
    if (c === '"') return string();
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m?.[0]) {
      i += m[0].length;
      return { num: m[0] };
    }
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    return fail(c === undefined ? 'unexpected end' : `unexpected ${JSON.stringify(c)}`);
  };
  const string = (): string => {
    const m = /^"(?:[^"\\]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(i));
    // JSON forbids raw control characters inside a string
    if (!m || [...m[0]].some((ch) => ch < ' ')) return fail('bad string');
    i += m[0].length;
    return JSON.parse(m[0]) as string;
  };
  const v = value();
  ws();
  if (i < text.length) fail('unexpected text after the value');
  return v;
}

export function isNum(v: JsonValue): v is { num: string } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'num' in v;
}
