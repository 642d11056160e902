import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

function pyType(t: ValueType): string {
  const { base, depth } = splitType(t);
  let s = { int: 'int', long: 'int', double: 'float', bool: 'bool', string: 'str' }[base];
  for (let d = 0; d < depth; d++) s = `list[${s}]`;
  return s;
}

function harness(sig: FunctionSignature): string {
  return `

def __assessly_harness():
    import os, sys, traceback
    toks = sys.stdin.buffer.read().split()
    pos = [1]
    nonce = toks[0].decode()

    def emit(body):
        data = ('\\n@@ASR-' + nonce + ' ' + body + ' @@ASE-' + nonce + '\\n').encode()
        while data:
            data = data[os.write(out, data):]

    def rd(t):
        k = toks[pos[0]]
        pos[0] += 1
        if t.endswith('[]'):
            return [rd(t[:-2]) for _ in range(int(k))]
        if t in ('int', 'long'):
            return int(k)
        if t == 'double':
            return float(k)
        if t == 'bool':
            return k == b'1'
        return bytes.fromhex(k[1:].decode()).decode('utf-8')

    def wr(v, t, acc, at):
        def bad():
            raise TypeError('expected %s%s, got %s %.40r' % (t, at, type(v).__name__, v))
        if t.endswith('[]'):
            if not isinstance(v, (list, tuple)):
                bad()
            acc.append(str(len(v)))
            for i, x in enumerate(v):
                wr(x, t[:-2], acc, ' at [%d]%s' % (i, at))
        elif t in ('int', 'long'):
            if isinstance(v, bool) or not isinstance(v, int):
                bad()
            acc.append(str(v))
        elif t == 'double':
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                bad()
            acc.append(repr(float(v)))
        elif t == 'bool':
            if not isinstance(v, bool):
                bad()
            acc.append('1' if v else '0')
        else:
            if not isinstance(v, str):
                bad()
            acc.append('x' + v.encode('utf-8', 'replace').hex())
        return acc

    args = [rd(t) for t in ${JSON.stringify(sig.params.map((p) => p.type))}]
    sys.stdout.flush()
    # what the candidate prints is debug output: the real stdout is kept for the harness's record only
    out = os.dup(1)
    os.dup2(2, 1)
    fn = globals().get(${JSON.stringify(sig.name)})
    if not callable(fn):
        return emit('missing')
    try:
        r = fn(*args)
    except SystemExit:
        return emit('exit')
    except BaseException as e:
        traceback.print_exc()
        return emit('exception x' + ('%s: %s' % (type(e).__name__, e)).encode('utf-8', 'replace').hex())
    try:
        body = ' '.join(wr(r, ${JSON.stringify(sig.returns)}, [], ''))
    except (TypeError, ValueError) as e:
        return emit('type x' + str(e).encode('utf-8', 'replace').hex())
    sys.stdout.flush()
    sys.stderr.flush()
    emit('ok ' + body)


__assessly_harness()
`;
}

export const python: LanguageGenerator = {
  starter(sig) {
    const params = sig.params.map((p) => `${p.name}: ${pyType(p.type)}`).join(', ');
    return `def ${sig.name}(${params}) -> ${pyType(sig.returns)}:\n    pass\n`;
  },
  program: (sig, code) => `${code}\n${harness(sig)}`,
};
