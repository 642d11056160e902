/** Realistic solutions of one problem, for the similarity tests (copies and independent solutions). */
// Problem used throughout: read an R x C grid of '0'/'1' and print the number of islands (4-connected 1s).

export const PY_ORIGINAL = `
import sys

def read_grid():
    data = sys.stdin.read().split()
    rows, cols = int(data[0]), int(data[1])
    grid = [list(data[2 + i]) for i in range(rows)]
    return rows, cols, grid

def sink(grid, r, c, rows, cols):
    # flood fill the island that contains (r, c)
    if r < 0 or c < 0 or r >= rows or c >= cols:
        return
    if grid[r][c] != '1':
        return
    grid[r][c] = '0'
    sink(grid, r + 1, c, rows, cols)
    sink(grid, r - 1, c, rows, cols)
    sink(grid, r, c + 1, rows, cols)
    sink(grid, r, c - 1, rows, cols)

def count_islands(grid, rows, cols):
    total = 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] == '1':
                total += 1
                sink(grid, r, c, rows, cols)
    return total

def main():
    sys.setrecursionlimit(100000)
    rows, cols, grid = read_grid()
    print(count_islands(grid, rows, cols))

main()
`;

// Every name changed, comments rewritten, spacing changed.
export const PY_RENAMED = `
import sys

def load():
    tokens = sys.stdin.read().split()
    h, w = int(tokens[0]), int(tokens[1])
    m = [list(tokens[2 + k]) for k in range(h)]
    return h, w, m

def fill(m, y, x, h, w):
    """mark visited land"""
    if y < 0 or x < 0 or y >= h or x >= w:
        return
    if m[y][x] != '1':
        return
    m[y][x] = '0'
    fill(m, y + 1, x, h, w)
    fill(m, y - 1, x, h, w)
    fill(m, y, x + 1, h, w)
    fill(m, y, x - 1, h, w)

def islands(m, h, w):
    answer = 0
    for y in range(h):
        for x in range(w):
            if m[y][x] == '1':
                answer += 1
                fill(m, y, x, h, w)
    return answer

def run():
    sys.setrecursionlimit(100000)
    h, w, m = load()
    print(islands(m, h, w))

run()
`;

// Functions in another order, renamed again.
export const PY_REORDERED = `
import sys

def solve(board, n, m):
    cnt = 0
    for i in range(n):
        for j in range(m):
            if board[i][j] == '1':
                cnt += 1
                dfs(board, i, j, n, m)
    return cnt

def entry():
    sys.setrecursionlimit(100000)
    n, m, board = parse()
    print(solve(board, n, m))

def dfs(board, i, j, n, m):
    if i < 0 or j < 0 or i >= n or j >= m:
        return
    if board[i][j] != '1':
        return
    board[i][j] = '0'
    dfs(board, i + 1, j, n, m)
    dfs(board, i - 1, j, n, m)
    dfs(board, i, j + 1, n, m)
    dfs(board, i, j - 1, n, m)

def parse():
    words = sys.stdin.read().split()
    n, m = int(words[0]), int(words[1])
    board = [list(words[2 + t]) for t in range(n)]
    return n, m, board

entry()
`;

// Written independently: breadth-first search with a queue and a visited matrix.
export const PY_INDEPENDENT_BFS = `
from collections import deque

r, c = map(int, input().split())
g = [input().strip() for _ in range(r)]
seen = [[False] * c for _ in range(r)]
islands = 0
for i in range(r):
    for j in range(c):
        if g[i][j] == '1' and not seen[i][j]:
            islands += 1
            q = deque([(i, j)])
            seen[i][j] = True
            while q:
                y, x = q.popleft()
                for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    ny, nx = y + dy, x + dx
                    if 0 <= ny < r and 0 <= nx < c and not seen[ny][nx] and g[ny][nx] == '1':
                        seen[ny][nx] = True
                        q.append((ny, nx))
print(islands)
`;

// Written independently: iterative depth-first search with an explicit stack over a set of land cells.
export const PY_INDEPENDENT_STACK = `
def main():
    first = input().split()
    n, m = int(first[0]), int(first[1])
    land = set()
    for row in range(n):
        line = input().strip()
        for col, ch in enumerate(line):
            if ch == '1':
                land.add((row, col))
    result = 0
    while land:
        start = land.pop()
        result += 1
        stack = [start]
        while stack:
            a, b = stack.pop()
            for nb in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                if nb in land:
                    land.remove(nb)
                    stack.append(nb)
    print(result)

if __name__ == "__main__":
    main()
`;

export const CPP_ORIGINAL = `
#include <bits/stdc++.h>
using namespace std;

int rows, cols;
vector<string> grid;

// Depth-first flood fill.
void dfs(int r, int c) {
    if (r < 0 || c < 0 || r >= rows || c >= cols) return;
    if (grid[r][c] != '1') return;
    grid[r][c] = '0';
    dfs(r + 1, c);
    dfs(r - 1, c);
    dfs(r, c + 1);
    dfs(r, c - 1);
}

int countIslands() {
    int total = 0;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            if (grid[r][c] == '1') {
                total++;
                dfs(r, c);
            }
        }
    }
    return total;
}

int main() {
    cin >> rows >> cols;
    grid.resize(rows);
    for (int i = 0; i < rows; i++) cin >> grid[i];
    cout << countIslands() << endl;
    return 0;
}
`;

export const CPP_RENAMED_REORDERED = `
#include <iostream>
#include <vector>
#include <string>
using namespace std;

int H, W;
vector<string> mp;
void visit(int y, int x);

/* count components */
int solve() {
    int ans = 0;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            if (mp[y][x] == '1') {
                ans++;
                visit(y, x);
            }
        }
    }
    return ans;
}

int main() {
    cin >> H >> W;
    mp.resize(H);
    for (int k = 0; k < H; k++) cin >> mp[k];
    cout << solve() << endl;
    return 0;
}

void visit(int y, int x) {
    if (y < 0 || x < 0 || y >= H || x >= W) return;
    if (mp[y][x] != '1') return;
    mp[y][x] = '0';
    visit(y + 1, x);
    visit(y - 1, x);
    visit(y, x + 1);
    visit(y, x - 1);
}
`;

// Written independently: disjoint-set union over land cells.
export const CPP_INDEPENDENT_DSU = `
#include <bits/stdc++.h>
using namespace std;

struct DSU {
    vector<int> parent;
    int components;
    DSU(int n) : parent(n), components(0) { iota(parent.begin(), parent.end(), 0); }
    int find(int x) { return parent[x] == x ? x : parent[x] = find(parent[x]); }
    void unite(int a, int b) {
        a = find(a); b = find(b);
        if (a != b) { parent[a] = b; components--; }
    }
};

int main() {
    ios::sync_with_stdio(false);
    int n, m;
    if (!(cin >> n >> m)) return 0;
    vector<string> g(n);
    for (auto &s : g) cin >> s;
    DSU d(n * m);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
            if (g[i][j] == '1') d.components++;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < m; ++j) {
            if (g[i][j] != '1') continue;
            if (i + 1 < n && g[i + 1][j] == '1') d.unite(i * m + j, (i + 1) * m + j);
            if (j + 1 < m && g[i][j + 1] == '1') d.unite(i * m + j, i * m + j + 1);
        }
    }
    printf("%d\\n", d.components);
}
`;

// Written independently: BFS with a queue of pairs and direction arrays.
export const CPP_INDEPENDENT_BFS = `
#include <iostream>
#include <queue>
#include <vector>
using namespace std;

const int DX[4] = {1, -1, 0, 0};
const int DY[4] = {0, 0, 1, -1};

int main() {
    int R, C;
    cin >> R >> C;
    vector<string> a(R);
    for (int i = 0; i < R; ++i) cin >> a[i];
    vector<vector<bool>> vis(R, vector<bool>(C, false));
    int res = 0;
    for (int i = 0; i < R; ++i) {
        for (int j = 0; j < C; ++j) {
            if (a[i][j] != '1' || vis[i][j]) continue;
            ++res;
            queue<pair<int, int>> q;
            q.push({i, j});
            vis[i][j] = true;
            while (!q.empty()) {
                auto [x, y] = q.front();
                q.pop();
                for (int d = 0; d < 4; ++d) {
                    int nx = x + DX[d], ny = y + DY[d];
                    if (nx >= 0 && ny >= 0 && nx < R && ny < C && !vis[nx][ny] && a[nx][ny] == '1') {
                        vis[nx][ny] = true;
                        q.push({nx, ny});
                    }
                }
            }
        }
    }
    cout << res << "\\n";
}
`;
