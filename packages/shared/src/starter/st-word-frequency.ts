/** Starter library: a standard input/output problem (easy). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterStdioProblem } from './types';

export const wordFrequency: TStarterStdioProblem = {
  slug: 'st-word-frequency',
  kind: 'stdio',
  title: 'Word frequency',
  difficulty: 'easy',
  tags: ['strings', 'hashing', 'sorting'],
  marks: 10,
  description: `Read a text and count how often each word occurs. Words are separated by spaces or line breaks and compared without regard to case (\`The\` and \`the\` are one word, printed in lower case).

**Output:** one line per distinct word, \`word count\`:

- most frequent first;
- words with the same count in alphabetical order.`,
  constraints: ['The text holds 1 to 10^5 words', 'A word is 1 to 30 letters a-z or A-Z'],
  examples: [
    { input: 'the cat and the hat', output: 'the 2\nand 1\ncat 1\nhat 1' },
    { input: 'b a c a b a', output: 'a 3\nb 2\nc 1' },
  ],
  testCases: [
    { input: 'The the THE cat Cat', output: 'the 3\ncat 2' },
    { input: 'zebra apple mango', output: 'apple 1\nmango 1\nzebra 1' },
    { input: 'one\ntwo two\nthree three three\nfour four four four', output: 'four 4\nthree 3\ntwo 2\none 1' },
    { input: 'delta charlie bravo alpha delta charlie bravo alpha', output: 'alpha 2\nbravo 2\ncharlie 2\ndelta 2' },
    { input: 'x', output: 'x 1' },
  ],
  model: {
    language: 'python',
    code: `import sys
from collections import Counter

counts = Counter(w.lower() for w in sys.stdin.read().split())
for word, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
    print(word, n)
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'orders words of equal count by first appearance instead of alphabetically',
    code: `import sys
from collections import Counter

counts = Counter(w.lower() for w in sys.stdin.read().split())
for word, n in counts.most_common():
    print(word, n)
`,
  },
};
