/** "Print the sum of two integers" in the five languages, as candidates would write it. */
export const SUM_PROGRAMS: Record<string, string> = {
  javascript:
    "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
  typescript:
    "const input: string = require('fs').readFileSync(0, 'utf8');\nconst [a, b] = input.trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
  python: 'a, b = map(int, input().split())\nprint(a + b)\n',
  java: 'import java.util.*;\n\npublic class Main {\n  public static void main(String[] args) {\n    Scanner s = new Scanner(System.in);\n    System.out.println(s.nextLong() + s.nextLong());\n  }\n}\n',
  cpp: '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << std::endl;\n}\n',
};
export const LANGUAGES = Object.keys(SUM_PROGRAMS);

/** The problem both drives put in their test (the batch save's shape): the sum of two integers, three hidden cases. */
export const SUM_PROBLEM = {
  title: 'Sum',
  description: 'Print the sum of two integers.',
  examples: [{ input: '1 2\n', output: '3\n' }],
  testCases: [
    { input: '40 2\n', output: '42\n' },
    { input: '-5 5\n', output: '0\n' },
    { input: '1000000000 1000000000\n', output: '2000000000\n' },
  ],
  constraints: ['|a|, |b| <= 10^9'],
  marks: 10,
};
