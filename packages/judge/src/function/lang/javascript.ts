import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

function jsType(t: ValueType, ts: boolean): string {
  const { base, depth } = splitType(t);
  const b = { int: 'number', long: 'bigint', double: 'number', bool: 'boolean', string: 'string' }[base];
  return b + '[]'.repeat(depth);
}

/** The harness shared by JavaScript and TypeScript (sucrase strips types only, so it is plain JavaScript). */
function harness(sig: FunctionSignature): string {
  const types = JSON.stringify(sig.params.map((p) => p.type));
  return `
;(function () {
  const fs = require('fs');
  const toks = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean);
  let p = 0;
  const nonce = toks[p++];
  const hex = (s) => Buffer.from(String(s), 'utf8').toString('hex');
  const emit = (body) => {
    const b = Buffer.from('\\n@@ASR-' + nonce + ' ' + body + ' @@ASE-' + nonce + '\\n');
    // Node made the stdout pipe non-blocking: when it is full (64 KiB unread), writeSync throws EAGAIN, so
    // the harness sleeps a millisecond (Atomics.wait, no CPU spent) and writes the rest once the reader drains it
    const nap = new Int32Array(new SharedArrayBuffer(4));
    let o = 0;
    while (o < b.length) {
      try {
        o += fs.writeSync(1, b, o);
      } catch (e) {
        if (!e || e.code !== 'EAGAIN') throw e;
        Atomics.wait(nap, 0, 0, 1);
      }
    }
  };
  const rd = (t) => {
    if (t.endsWith('[]')) {
      const n = Number(toks[p++]);
      const a = [];
      for (let i = 0; i < n; i++) a.push(rd(t.slice(0, -2)));
      return a;
    }
    const k = toks[p++];
    if (t === 'long') return BigInt(k);
    if (t === 'bool') return k === '1';
    if (t === 'string') return Buffer.from(k.slice(1), 'hex').toString('utf8');
    return Number(k);
  };
  const got = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v + ' ' + String(v).slice(0, 40));
  const wr = (v, t, out, at) => {
    const bad = () => {
      throw new TypeError('expected ' + t + at + ', got ' + got(v));
    };
    if (t.endsWith('[]')) {
      if (!Array.isArray(v)) bad();
      out.push(String(v.length));
      v.forEach((x, i) => wr(x, t.slice(0, -2), out, ' at [' + i + ']' + at));
    } else if (t === 'int') {
      if (typeof v !== 'number' || !Number.isInteger(v)) bad();
      out.push(String(v));
    } else if (t === 'long') {
      if (typeof v === 'bigint') out.push(String(v));
      else if (typeof v === 'number' && Number.isSafeInteger(v)) out.push(String(v));
      else bad();
    } else if (t === 'double') {
      if (typeof v === 'number') out.push(String(v).toLowerCase());
      else if (typeof v === 'bigint') out.push(String(v));
      else bad();
    } else if (t === 'bool') {
      if (typeof v !== 'boolean') bad();
      out.push(v ? '1' : '0');
    } else {
      if (typeof v !== 'string') bad();
      out.push('x' + hex(v));
    }
    return out;
  };
  const args = ${types}.map(rd);
  // what the candidate prints is debug output: stdout carries only the harness's record
  process.stdout.write = process.stderr.write.bind(process.stderr);
  if (typeof ${sig.name} !== 'function') return emit('missing');
  let r;
  try {
    r = ${sig.name}(...args);
  } catch (e) {
    console.error(e);
    return emit('exception x' + hex(e instanceof Error ? e.name + ': ' + e.message : String(e)));
  }
  let body;
  try {
    body = wr(r, ${JSON.stringify(sig.returns)}, [], '').join(' ');
  } catch (e) {
    return emit('type x' + hex(e.message));
  }
  emit('ok ' + body);
})();
`;
}

export const javascript: LanguageGenerator = {
  starter(sig) {
    const doc = sig.params.map((p) => ` * @param {${jsType(p.type, false)}} ${p.name}`);
    return [
      '/**',
      ...doc,
      ` * @returns {${jsType(sig.returns, false)}}`,
      ' */',
      `function ${sig.name}(${sig.params.map((p) => p.name).join(', ')}) {`,
      '',
      '}',
      '',
    ].join('\n');
  },
  program: (sig, code) => `${code}\n${harness(sig)}`,
};

export const typescript: LanguageGenerator = {
  starter(sig) {
    const params = sig.params.map((p) => `${p.name}: ${jsType(p.type, true)}`).join(', ');
    return `function ${sig.name}(${params}): ${jsType(sig.returns, true)} {\n\n}\n`;
  },
  program: (sig, code) => `${code}\n${harness(sig)}`,
};
