import { type FunctionSignature, type LanguageGenerator, splitType, type ValueType } from '../types';

function phpType(t: ValueType): string {
  const { base, depth } = splitType(t);
  if (depth > 0) return 'array';
  return { int: 'int', long: 'int', double: 'float', bool: 'bool', string: 'string' }[base];
}

function harness(sig: FunctionSignature): string {
  return `
function __assessly_harness() {
  $toks = preg_split('/\\s+/', trim(stream_get_contents(STDIN)));
  $pos = 0;
  $nonce = $toks[$pos++];
  $rd = function ($t) use (&$rd, &$toks, &$pos) {
    if (substr($t, -2) === '[]') {
      $n = intval($toks[$pos++]);
      $a = [];
      for ($i = 0; $i < $n; $i++) $a[] = $rd(substr($t, 0, -2));
      return $a;
    }
    $k = $toks[$pos++];
    if ($t === 'int' || $t === 'long') return intval($k);
    if ($t === 'double') return floatval($k);
    if ($t === 'bool') return $k === '1';
    return hex2bin(substr($k, 1));
  };
  $hex = function ($s) { return 'x' . bin2hex((string) $s); };
  $wr = function ($v, $t, &$acc, $at) use (&$wr, $hex) {
    $bad = function () use ($v, $t, $at) {
      throw new TypeError('expected ' . $t . $at . ', got ' . get_debug_type($v) . ' ' . substr(var_export($v, true), 0, 40));
    };
    if (substr($t, -2) === '[]') {
      if (!is_array($v) || !array_is_list($v)) $bad();
      $acc[] = (string) count($v);
      foreach ($v as $i => $x) $wr($x, substr($t, 0, -2), $acc, ' at [' . $i . ']' . $at);
    } elseif ($t === 'int' || $t === 'long') {
      if (!is_int($v)) $bad();
      $acc[] = (string) $v;
    } elseif ($t === 'double') {
      if (!is_float($v) && !is_int($v)) $bad();
      $acc[] = sprintf('%.17g', $v);
    } elseif ($t === 'bool') {
      if (!is_bool($v)) $bad();
      $acc[] = $v ? '1' : '0';
    } else {
      if (!is_string($v)) $bad();
      $acc[] = $hex($v);
    }
  };
  $args = array_map($rd, ${JSON.stringify(sig.params.map((p) => p.type))});
  // what the candidate prints is debug output: stdout carries only the harness's record
  $out = fopen('php://stdout', 'w');
  ob_start(function ($buf) { fwrite(STDERR, $buf); return ''; }, 1);
  $emit = function ($body) use ($out, $nonce) {
    fwrite($out, "\\n@@ASR-" . $nonce . ' ' . $body . ' @@ASE-' . $nonce . "\\n");
    fflush($out);
  };
  if (!function_exists(${JSON.stringify(sig.name)})) return $emit('missing');
  try {
    $r = ${sig.name}(...$args);
  } catch (\\Throwable $e) {
    fwrite(STDERR, (string) $e . "\\n");
    return $emit('exception ' . $hex(get_class($e) . ': ' . $e->getMessage()));
  }
  $acc = [];
  try {
    $wr($r, ${JSON.stringify(sig.returns)}, $acc, '');
  } catch (\\TypeError $e) {
    return $emit('type ' . $hex($e->getMessage()));
  }
  ob_end_flush();
  $emit('ok ' . implode(' ', $acc));
}
__assessly_harness();
`;
}

export const php: LanguageGenerator = {
  starter(sig) {
    const params = sig.params.map((p) => `${phpType(p.type)} $${p.name}`).join(', ');
    return `<?php\n\nfunction ${sig.name}(${params}): ${phpType(sig.returns)} {\n\n}\n`;
  },
  program(sig, code) {
    // the harness is PHP code: open a PHP block when the candidate's code left one closed
    const src = /^\s*<\?php/.test(code) ? code : `<?php ${code}`;
    const closed = (src.match(/<\?php|\?>/g) ?? []).at(-1) === '?>';
    return `${src}\n${closed ? '<?php\n' : ''}${harness(sig)}`;
  },
};
