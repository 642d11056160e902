/** Starter library: a standard input/output problem (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterStdioProblem } from './types';

export const shortestRoutes: TStarterStdioProblem = {
  slug: 'st-shortest-routes',
  kind: 'stdio',
  title: 'Shortest routes from the depot',
  difficulty: 'hard',
  tags: ['graphs', 'shortest paths'],
  marks: 25,
  description: `A delivery company has \`n\` places, numbered 1 to \`n\`; place 1 is the depot. \`m\` two-way roads join places, each with a length.

**Input:** \`n m\` on the first line, then \`m\` lines \`u v w\`: a road between places \`u\` and \`v\` of length \`w\`. Two places may be joined by several roads.

**Output:** one line of \`n\` numbers: for each place \`i\` from 1 to \`n\`, the length of the shortest route from the depot to \`i\`, or \`-1\` if no route reaches it. The first number is always \`0\`.

A route with more roads may be shorter: in the first example the route \`1 → 3 → 2\` (length 2) beats the road \`1 → 2\` (length 5).`,
  constraints: ['1 <= n <= 10^5', '0 <= m <= 2 * 10^5', '1 <= w <= 10^6'],
  examples: [
    { input: '4 4\n1 2 5\n1 3 1\n3 2 1\n2 4 2', output: '0 2 1 4' },
    { input: '3 1\n1 2 7', output: '0 7 -1' },
  ],
  testCases: [
    { input: '1 0', output: '0' },
    { input: '3 3\n1 2 10\n1 3 1\n3 2 2', output: '0 3 1' },
    { input: '5 5\n1 2 1\n2 3 1\n3 4 1\n1 4 10\n4 5 1000000', output: '0 1 2 3 1000003' },
    { input: '4 2\n1 2 3\n3 4 1', output: '0 3 -1 -1' },
    { input: '2 2\n1 2 5\n1 2 2', output: '0 2' },
    {
      input:
        '60 150\n1 2 607\n1 3 379\n3 4 486\n1 5 621\n1 6 931\n4 7 266\n5 8 240\n4 9 735\n8 10 554\n9 11 488\n7 12 655\n3 13 238\n11 14 156\n14 15 949\n9 16 400\n1 17 688\n3 18 164\n2 19 309\n1 20 844\n9 21 485\n20 22 737\n13 23 732\n14 24 405\n24 25 821\n19 26 456\n5 27 900\n12 28 100\n2 29 140\n16 30 223\n9 31 989\n22 32 447\n20 33 432\n33 34 854\n25 35 588\n23 36 547\n27 37 599\n15 38 926\n22 39 699\n2 40 877\n18 41 621\n11 42 716\n21 43 988\n35 44 927\n37 45 583\n7 46 731\n42 47 217\n41 48 852\n37 49 274\n19 50 128\n5 51 494\n41 52 496\n6 53 353\n52 54 69\n27 55 919\n10 56 21\n19 57 438\n50 58 426\n56 59 122\n3 60 620\n40 49 47\n25 46 601\n22 36 903\n60 18 518\n16 3 318\n1 5 111\n39 35 33\n13 27 299\n40 17 160\n45 3 889\n22 21 369\n9 58 883\n30 56 533\n25 42 888\n39 44 573\n7 40 997\n52 33 278\n28 41 738\n46 16 959\n20 28 265\n34 20 562\n22 1 808\n27 38 323\n2 25 631\n38 41 137\n4 41 643\n22 30 362\n44 59 362\n39 46 286\n48 32 23\n38 4 978\n44 2 987\n24 17 644\n30 20 607\n39 21 182\n24 12 321\n49 24 865\n39 17 308\n51 25 108\n50 53 28\n37 44 753\n9 20 513\n15 42 824\n18 16 336\n12 44 446\n42 45 100\n7 39 330\n22 44 854\n15 29 830\n55 11 82\n22 48 666\n14 57 583\n29 18 231\n51 8 35\n34 13 323\n52 54 859\n37 12 885\n18 22 827\n53 42 88\n52 40 354\n38 9 432\n19 34 813\n55 18 476\n23 41 427\n19 27 582\n27 3 943\n27 10 205\n1 31 966\n54 57 638\n33 28 573\n60 46 228\n3 48 468\n54 49 679\n48 34 987\n19 35 350\n57 15 883\n5 55 603\n19 8 830\n16 3 36\n58 52 711\n33 60 204\n58 57 922\n28 37 51\n1 31 764\n8 11 516\n20 16 679\n2 34 550\n27 4 962\n59 40 117\n22 9 259\n56 35 489',
      output:
        '0 607 379 865 111 931 1131 351 815 905 796 1209 617 952 1577 415 688 543 916 844 1177 808 1349 1315 494 1372 916 1109 747 638 764 870 1203 940 1029 1711 1160 1239 996 848 1164 1160 2165 1327 1260 1095 1377 847 895 1044 386 1202 1072 1271 714 926 1354 1470 965 999',
    },
  ],
  model: {
    language: 'python',
    code: `import heapq
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for k in range(m):
    u, v, w = int(data[2 + 3 * k]), int(data[3 + 3 * k]), int(data[4 + 3 * k])
    adj[u].append((v, w))
    adj[v].append((u, w))
dist = [-1] * (n + 1)
heap = [(0, 1)]
while heap:
    d, u = heapq.heappop(heap)
    if dist[u] != -1:
        continue
    dist[u] = d
    for v, w in adj[u]:
        if dist[v] == -1:
            heapq.heappush(heap, (d + w, v))
print(" ".join(map(str, dist[1:])))
`,
  },
  knownWrong: {
    language: 'python',
    catches: 'searches breadth-first, taking the route with the fewest roads instead of the shortest',
    code: `import sys
from collections import deque

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for k in range(m):
    u, v, w = int(data[2 + 3 * k]), int(data[3 + 3 * k]), int(data[4 + 3 * k])
    adj[u].append((v, w))
    adj[v].append((u, w))
dist = [-1] * (n + 1)
dist[1] = 0
queue = deque([1])
while queue:
    u = queue.popleft()
    for v, w in adj[u]:
        if dist[v] == -1:
            dist[v] = dist[u] + w
            queue.append(v)
print(" ".join(map(str, dist[1:])))
`,
  },
};
