import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

function rbType(t: ValueType): string {
  const { base, depth } = splitType(t);
  let s = { int: 'Integer', long: 'Integer', double: 'Float', bool: 'Boolean', string: 'String' }[base];
  for (let d = 0; d < depth; d++) s = `Array<${s}>`;
  return s;
}

function harness(sig: FunctionSignature): string {
  return `

def __assessly_harness
  toks = STDIN.read.split
  pos = 0
  nxt = -> { pos += 1; toks[pos - 1] }
  nonce = nxt.call
  rd = lambda do |t|
    if t.end_with?('[]')
      Array.new(nxt.call.to_i) { rd.call(t[0...-2]) }
    elsif t == 'int' || t == 'long' then nxt.call.to_i
    elsif t == 'double' then nxt.call.to_f
    elsif t == 'bool' then nxt.call == '1'
    else [nxt.call[1..]].pack('H*').force_encoding('UTF-8')
    end
  end
  hex = ->(s) { 'x' + s.to_s.dup.force_encoding('BINARY').unpack1('H*') }
  wr = lambda do |v, t, acc, at|
    bad = -> { raise TypeError, "expected #{t}#{at}, got #{v.class} #{v.inspect[0, 40]}" }
    if t.end_with?('[]')
      bad.call unless v.is_a?(Array)
      acc << v.length.to_s
      v.each_with_index { |x, i| wr.call(x, t[0...-2], acc, " at [#{i}]#{at}") }
    elsif t == 'int' || t == 'long'
      bad.call unless v.is_a?(Integer)
      acc << v.to_s
    elsif t == 'double'
      bad.call unless v.is_a?(Float) || v.is_a?(Integer)
      acc << v.to_f.to_s
    elsif t == 'bool'
      bad.call unless v == true || v == false
      acc << (v ? '1' : '0')
    else
      bad.call unless v.is_a?(String)
      acc << hex.call(v)
    end
    acc
  end
  args = ${JSON.stringify(sig.params.map((p) => p.type))}.map { |t| rd.call(t) }
  # what the candidate prints is debug output: the real stdout is kept for the harness's record only
  STDOUT.flush
  out = STDOUT.dup
  STDOUT.reopen(STDERR)
  emit = ->(body) { out.syswrite("\\n@@ASR-#{nonce} #{body} @@ASE-#{nonce}\\n") }
  return emit.call('missing') unless Object.private_method_defined?(:${sig.name}) || Object.method_defined?(:${sig.name})
  begin
    r = send(:${sig.name}, *args)
  rescue SystemExit
    return emit.call('exit')
  rescue Exception => e
    STDERR.puts e.full_message
    return emit.call('exception ' + hex.call("#{e.class}: #{e.message}"))
  end
  begin
    body = wr.call(r, ${JSON.stringify(sig.returns)}, [], '').join(' ')
  rescue TypeError => e
    return emit.call('type ' + hex.call(e.message))
  end
  STDOUT.flush
  STDERR.flush
  emit.call('ok ' + body)
end

__assessly_harness
`;
}

export const ruby: LanguageGenerator = {
  starter(sig) {
    const doc = sig.params.map((p) => `# @param {${rbType(p.type)}} ${p.name}`);
    return [
      ...doc,
      `# @return {${rbType(sig.returns)}}`,
      `def ${sig.name}(${sig.params.map((p) => p.name).join(', ')})`,
      '',
      'end',
      '',
    ].join('\n');
  },
  program: (sig, code) => `${code}\n${harness(sig)}`,
};
