/** Starter library: a function problem (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterFunctionProblem } from './types';

export const fewestHops: TStarterFunctionProblem = {
  slug: 'fn-fewest-hops',
  kind: 'function',
  title: 'Fewest hops between two nodes',
  difficulty: 'hard',
  tags: ['graphs', 'breadth-first search'],
  marks: 30,
  description:
    'A network has nodes `0..n-1`; each `[a, b]` in `links` joins a and b in BOTH directions. Return the fewest links on a path from `start` to `goal`, 0 when they are the same node, or -1 when there is no path.',
  constraints: ['1 <= n <= 10^5', '0 <= len(links) <= 2·10^5', '0 <= a, b, start, goal < n'],
  signature: {
    name: 'fewestHops',
    params: [
      { name: 'n', type: 'int' },
      { name: 'links', type: 'int[][]' },
      { name: 'start', type: 'int' },
      { name: 'goal', type: 'int' },
    ],
    returns: 'int',
  },
  examples: [
    { input: '4\n[[0,1],[1,2],[2,3]]\n0\n3', output: '3' },
    { input: '3\n[[0,1]]\n0\n2', output: '-1' },
  ],
  testCases: [
    { input: '4\n[[1,0],[2,1],[3,2]]\n0\n3', output: '3' },
    { input: '1\n[]\n0\n0', output: '0' },
    { input: '5\n[[0,1],[1,2],[0,3],[3,2],[2,4]]\n4\n0', output: '3' },
    { input: '6\n[[0,1],[2,3],[4,5]]\n0\n5', output: '-1' },
  ],
  model: {
    language: 'python',
    code: `from collections import deque

def fewestHops(n, links, start, goal):
    near = [[] for _ in range(n)]
    for a, b in links:
        near[a].append(b)
        near[b].append(a)
    dist = [-1] * n
    dist[start] = 0
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in near[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist[goal]
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'follows each link in one direction only',
    code: `from collections import deque

def fewestHops(n, links, start, goal):
    near = [[] for _ in range(n)]
    for a, b in links:
        near[a].append(b)
    dist = [-1] * n
    dist[start] = 0
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in near[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist[goal]
`,
  },
};
