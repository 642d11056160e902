/** Similarity ignores what most submissions share (issue 13: everyone wrote the same input-reading lines). */
import { describe, expect, it } from 'vitest';
import { compareFingerprints, fingerprintCode, isFlagged, withoutCommonFingerprints } from './similarity';

const BOILERPLATE = `import sys
from collections import defaultdict, deque

def read_tokens():
    data = sys.stdin.buffer.read().split()
    return [int(x) for x in data]

def write_lines(lines):
    sys.stdout.write("\\n".join(str(x) for x in lines) + "\\n")

tokens = read_tokens()
n = tokens[0]
values = tokens[1:n + 1]
queries = tokens[n + 1]
out = []
if n == 0:
    write_lines([0])
    sys.exit(0)
`;
const BODIES = [
  'best = max(values)\nfor i in range(queries):\n    out.append(str(best * i))\nprint("\\n".join(out))\n',
  'total = 0\nfor v in values:\n    if v % 2 == 0:\n        total += v\nprint(total, queries)\n',
  'seen = set()\nfor v in sorted(values, reverse=True):\n    seen.add(v // 3)\nprint(len(seen) + queries)\n',
  'acc = 1\nwhile queries > 0:\n    acc = (acc * 7 + values[queries % n]) % 1000003\n    queries -= 1\nprint(acc)\n',
];
// A renamed copy of the first body.
const COPY = 'top = max(values)\nfor k in range(queries):\n    out.append(str(top * k))\nprint("\\n".join(out))\n';

function flaggedPairs(codes: string[], dropCommon: boolean): string[] {
  let prints = codes.map((c) => fingerprintCode(BOILERPLATE + c, 'python'));
  if (dropCommon) prints = withoutCommonFingerprints(prints);
  const out: string[] = [];
  for (let i = 0; i < codes.length; i++)
    for (let j = i + 1; j < codes.length; j++)
      if (isFlagged(compareFingerprints(prints[i]!, prints[j]!), prints[i]!, prints[j]!)) out.push(`${i}-${j}`);
  return out;
}

describe('lines most submissions share', () => {
  it('shared boilerplate alone flags independent solutions; without it only the real copy is flagged', () => {
    const codes = [...BODIES, COPY];
    // Without the rule the shared input reading makes independent programs look alike.
    expect(flaggedPairs(codes, false).length).toBeGreaterThan(1);
    expect(flaggedPairs(codes, true)).toEqual(['0-4']);
  });

  it('leaves groups of two alone (boilerplate cannot be told from copying)', () => {
    const two = [BODIES[0]!, COPY].map((c) => fingerprintCode(BOILERPLATE + c, 'python'));
    expect(withoutCommonFingerprints(two)).toBe(two);
  });
});
