/** Starter library: a standard input/output problem (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterStdioProblem } from './types';

export const gridPaths: TStarterStdioProblem = {
  slug: 'st-grid-paths',
  kind: 'stdio',
  title: 'Paths through a grid',
  difficulty: 'medium',
  tags: ['dynamic programming', 'grids'],
  marks: 15,
  description: `A robot stands on the top-left cell of a grid and must reach the bottom-right cell, moving one cell **right** or **down** at a time. Cells marked \`#\` are blocked; \`.\` cells are free.

**Input:** \`r c\` on the first line, then \`r\` lines of \`c\` characters.

**Output:** the number of different paths, modulo \`1000000007\`. If the start or the end is blocked, the answer is \`0\`.

| grid | paths |
|---|---|
| 3×3, no blocked cell | 6 |
| 3×3, centre blocked | 2 |`,
  constraints: ['1 <= r, c <= 1000', 'Each line holds exactly c characters, each . or #'],
  examples: [
    { input: '3 3\n...\n.#.\n...', output: '2' },
    { input: '2 2\n.#\n#.', output: '0' },
  ],
  testCases: [
    { input: '1 1\n.', output: '1' },
    { input: '2 3\n#..\n...', output: '0' },
    { input: '3 4\n....\n.##.\n....', output: '2' },
    {
      input:
        '20 20\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................\n....................',
      output: '345263555',
    },
    {
      input:
        '30 40\n...#..#.#.##.........#...........##.....\n................#.............#.......#.\n..#.....#.................#........#....\n....##...##...#...........#.....#....#..\n...................##...................\n#..........................#............\n.............#..#.......................\n..............#.#......................#\n..#...#.....#...........##..#...#.#.....\n......#........#.#....................#.\n#...#.................#.....#.#.##......\n........#................#.........#....\n.#..#............#.....##.............#.\n...................##.......#...........\n...#.................#.....#............\n...........#.#..........#..............#\n#....#................#..........#.....#\n...........#.......#....................\n.......##..........#.....#..........#...\n...#...###............#....#............\n.......#...##......##...................\n................#.......................\n#.......#....#................#.......#.\n..#................#....................\n#..#............#...........#..#.#...#..\n..............#.............#...........\n.................#.......##........##...\n..........#.....#.........#...#.#.......\n....#...#........#...............#......\n..................#..#....##....#.....#.',
      output: '903541687',
    },
    { input: '1 5\n.....', output: '1' },
    { input: '5 1\n.\n.\n#\n.\n.', output: '0' },
  ],
  model: {
    language: 'python',
    code: `import sys

MOD = 1_000_000_007
data = sys.stdin.read().split()
r, c = int(data[0]), int(data[1])
grid = data[2:2 + r]
ways = [0] * c
for i in range(r):
    for j in range(c):
        if grid[i][j] == '#':
            ways[j] = 0
        elif i == 0 and j == 0:
            ways[j] = 1
        elif j > 0:
            ways[j] = (ways[j] + ways[j - 1]) % MOD
print(ways[c - 1])
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'forgets the modulo, printing the exact count once it exceeds 10^9 + 7',
    code: `import sys

data = sys.stdin.read().split()
r, c = int(data[0]), int(data[1])
grid = data[2:2 + r]
ways = [0] * c
for i in range(r):
    for j in range(c):
        if grid[i][j] == '#':
            ways[j] = 0
        elif i == 0 and j == 0:
            ways[j] = 1
        elif j > 0:
            ways[j] = ways[j] + ways[j - 1]
print(ways[c - 1])
`,
  },
};
