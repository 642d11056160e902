import { describe, expect, it } from 'vitest';
import {
  CPP_INDEPENDENT_BFS,
  CPP_INDEPENDENT_DSU,
  CPP_ORIGINAL,
  CPP_RENAMED_REORDERED,
  PY_INDEPENDENT_BFS,
  PY_INDEPENDENT_STACK,
  PY_ORIGINAL,
  PY_RENAMED,
  PY_REORDERED,
} from '../../../test/fixtures/similarity-samples';
import { compareFingerprints, fingerprintCode, isFlagged, languageFamily, tokenize } from './similarity';

function compare(a: string, b: string, language: string) {
  const fa = fingerprintCode(a, language);
  const fb = fingerprintCode(b, language);
  const c = compareFingerprints(fa, fb);
  return { ...c, flagged: isFlagged(c, fa, fb) };
}

describe('tokenize', () => {
  it('drops comments and layout, replaces user names and literals, keeps keywords and library names', () => {
    const a = tokenize('total = 0  # running sum\nfor x in range(10):\n    total += x * "a"', 'python').map(
      (t) => t.text,
    );
    expect(a).toEqual(['V', '=', 'N', 'for', 'V', 'in', 'range', '(', 'N', ')', ':', 'V', '+=', 'V', '*', 'S']);
    const b = tokenize('#include <x>\nint main(){ /* c */ int n; cin >> n; // hi\n}', 'cpp').map((t) => t.text);
    expect(b).toEqual(['int', 'main', '(', ')', '{', 'int', 'V', ';', 'cin', '>>', 'V', ';', '}']);
  });

  it('keeps line numbers for highlighting', () => {
    const toks = tokenize('a = 1\n\nb = 2', 'python');
    expect(toks.map((t) => t.line)).toEqual([1, 1, 1, 3, 3, 3]);
  });
});

describe('similarity detector', () => {
  it('flags a renamed-variable copy in Python', () => {
    const r = compare(PY_ORIGINAL, PY_RENAMED, 'python');
    expect(r.flagged).toBe(true);
    expect(r.score).toBeGreaterThanOrEqual(80);
    expect(r.linesA.length).toBeGreaterThan(10);
  });

  it('flags a copy with reordered functions in Python', () => {
    const r = compare(PY_ORIGINAL, PY_REORDERED, 'python');
    expect(r.flagged).toBe(true);
  });

  it('flags a renamed and reordered copy in C++', () => {
    const r = compare(CPP_ORIGINAL, CPP_RENAMED_REORDERED, 'cpp');
    expect(r.flagged).toBe(true);
  });

  it('does not flag independent Python solutions of the same problem', () => {
    const pairs: [string, string][] = [
      [PY_ORIGINAL, PY_INDEPENDENT_BFS],
      [PY_ORIGINAL, PY_INDEPENDENT_STACK],
      [PY_INDEPENDENT_BFS, PY_INDEPENDENT_STACK],
      [PY_RENAMED, PY_INDEPENDENT_BFS],
    ];
    for (const [a, b] of pairs) {
      const r = compare(a, b, 'python');
      expect(r.flagged, `score ${r.score}`).toBe(false);
      expect(r.score).toBeLessThan(30);
    }
  });

  it('does not flag independent C++ solutions of the same problem', () => {
    const pairs: [string, string][] = [
      [CPP_ORIGINAL, CPP_INDEPENDENT_DSU],
      [CPP_ORIGINAL, CPP_INDEPENDENT_BFS],
      [CPP_INDEPENDENT_DSU, CPP_INDEPENDENT_BFS],
      [CPP_RENAMED_REORDERED, CPP_INDEPENDENT_BFS],
    ];
    for (const [a, b] of pairs) {
      const r = compare(a, b, 'cpp');
      expect(r.flagged, `score ${r.score}`).toBe(false);
      expect(r.score).toBeLessThan(30);
    }
  });

  it('ignores the starter code every candidate was given', () => {
    const starter = 'import sys\n\ndef main():\n    data = sys.stdin.read().split()\n    # your code here\n\nmain()\n';
    const withBase = fingerprintCode(starter, 'python', starter);
    expect(withBase.hashes.size).toBe(0);
    const tiny = compare(starter, starter, 'python');
    expect(tiny.flagged).toBe(false); // too short to judge, even though identical
  });
});

describe('languages added by issue 24', () => {
  it('puts every new language id in a family: Ruby with Python (# comments), the rest with C', () => {
    expect(languageFamily('ruby')).toBe('python');
    for (const id of ['c', 'csharp', 'go', 'rust', 'kotlin', 'php']) expect(languageFamily(id)).toBe('c');
  });

  it('ignores Ruby and PHP comments when tokenizing', () => {
    const plain = tokenize('x = 1\nputs x\n', 'ruby').map((t) => t.text);
    expect(tokenize('x = 1 # set it\n# print\nputs x\n', 'ruby').map((t) => t.text)).toEqual(plain);
    const php = tokenize('<?php\n$x = 1;\necho $x;\n', 'php').map((t) => t.text);
    expect(tokenize('<?php\n$x = 1; // one\n/* say */ echo $x;\n', 'php').map((t) => t.text)).toEqual(php);
  });
});

describe('similarity of SQL answers (issue 25)', () => {
  const original = `-- top spenders per city
SELECT c.city, c.name, SUM(o.amount) AS total
FROM customers c JOIN orders o ON o.customer_id = c.id
WHERE o.status = 'paid'
GROUP BY c.city, c.name
HAVING SUM(o.amount) > 100
ORDER BY total DESC, c.name;`;
  const renamed = `select cu.city, cu.name, sum(od.amount) as spent
from customers cu
  join orders od on od.customer_id = cu.id /* only paid ones */
where od.status = 'paid'
group by cu.city, cu.name
having sum(od.amount) > 100
order by spent desc, cu.name;`;
  const independent = `WITH paid AS (SELECT customer_id, amount FROM orders WHERE status = 'paid')
SELECT city, name, (SELECT TOTAL(amount) FROM paid p WHERE p.customer_id = customers.id) AS t
FROM customers
WHERE EXISTS (SELECT 1 FROM paid p WHERE p.customer_id = customers.id)
  AND (SELECT TOTAL(amount) FROM paid p WHERE p.customer_id = customers.id) > 100
ORDER BY 3 DESC, 2;`;

  it('reads SQL as its own family: comments gone, keywords in any case, names as V', () => {
    expect(languageFamily('sql')).toBe('sql');
    expect(tokenize("select a -- x\nFROM t WHERE b = 'NULL'", 'sql').map((t) => t.text)).toEqual([
      'SELECT',
      'V',
      'FROM',
      'V',
      'WHERE',
      'V',
      '=',
      'S',
    ]);
  });

  it('flags a renamed, reformatted copy and not an independent query', () => {
    expect(compare(original, renamed, 'sql').flagged).toBe(true);
    expect(compare(original, independent, 'sql').flagged).toBe(false);
  });
});
