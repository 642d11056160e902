/** Kattis/ICPC problem packages: import, export, round trip, and hostile archives. */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/factories';
import { call, createTestAs } from '../../../test/fixtures/authoring';
import { useTeam, useTestApp } from '../../../test/support';
import { fromKattis, parseYamlSubset, toKattis } from './kattis';
import { readZip, writeZip } from './zip';

const t = useTestApp();
const team = useTeam(t);

const f = (name: string, data: string) => ({ name, data: Buffer.from(data) });

function samplePackage(): Buffer {
  return writeZip([
    f(
      'doubling/problem.yaml',
      '# A Kattis problem\nname: "Doubling"\nsource: Assessly tests\nlimits:\n  time_limit: 1.5 # seconds\n  memory: 512\nvalidator_flags: float_tolerance 1e-4\n',
    ),
    f(
      'doubling/problem_statement/problem.en.md',
      '# Doubling\n\nRead a number and print twice its value.\n\n## Constraints\n\n- 1 <= n <= 10^9\n- One line of input\n',
    ),
    f('doubling/data/sample/1.in', '2\n'),
    f('doubling/data/sample/1.ans', '4\n'),
    f('doubling/data/sample/2.in', '5\n'),
    f('doubling/data/sample/2.ans', '10\n'),
    f('doubling/data/secret/group1/a.in', '1000000000\n'),
    f('doubling/data/secret/group1/a.ans', '2000000000\n'),
    f('doubling/data/secret/b.in', '7\n'),
    f('doubling/data/secret/b.ans', '14\n'),
    f('doubling/input_validators/validate.py', 'print("ignored")\n'),
  ]);
}

function upload(user: SignedInUser, zip: Buffer, query = '', field = 'package') {
  const boundary = '----assessly-package';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="p.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/coding-tests/import${query}`,
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('POST /api/coding-tests/import and GET /api/coding-tests/{id}/export', () => {
  it('imports samples as examples, secret data as hidden cases, limits and tolerance; exports and re-imports the same', async () => {
    const test = await createTestAs(t.app, team.recruiter);
    const res = await upload(team.recruiter, samplePackage(), `?testId=${test.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      testId: test.id,
      title: 'Doubling',
      description: 'Read a number and print twice its value.',
      constraints: ['1 <= n <= 10^9', 'One line of input'],
      examples: [
        { input: '2\n', output: '4\n' },
        { input: '5\n', output: '10\n' },
      ],
      timeLimitMs: 1500,
      memoryLimitMb: 512,
      floatTolerance: 0.0001,
    });
    expect(p.testCases).toEqual([
      { input: '7\n', output: '14\n' },
      { input: '1000000000\n', output: '2000000000\n' },
    ]);

    // A package holds every hidden case: a reviewer gets it only when the company lets reviewers see them (issue 42).
    expect((await call(t.app, 'GET', `/api/coding-tests/${p.id}/export`, team.reviewer)).statusCode).toBe(403);
    const exported = await call(t.app, 'GET', `/api/coding-tests/${p.id}/export`, team.recruiter);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="doubling.zip"');
    const files = readZip(exported.rawPayload);
    expect([...files.keys()]).toContain('data/secret/02.ans');
    const again = await upload(team.owner, exported.rawPayload);
    expect(again.statusCode).toBe(201);
    const q = again.json();
    for (const key of [
      'title',
      'description',
      'constraints',
      'examples',
      'testCases',
      'timeLimitMs',
      'memoryLimitMb',
      'floatTolerance',
    ])
      expect(q[key], key).toEqual(p[key]);
    expect(q.id).not.toBe(p.id);
  });

  it('reads LaTeX statements, a .timelimit file and the relative/absolute tolerance flags', () => {
    const files = new Map<string, Buffer>([
      ['problem.yaml', Buffer.from("name: {en: 'Hello'}\nvalidator_flags: float_absolute_tolerance 1e-6\n")],
      ['.timelimit', Buffer.from('3\n')],
      [
        'problem_statement/problem.en.tex',
        Buffer.from('\\problemname{Hello}\nPrint hello.\n\\section*{Input}\nAn integer $n$ ($1 \\le n \\le 10$).\n'),
      ],
      ['data/sample/1.in', Buffer.from('')],
      ['data/sample/1.ans', Buffer.from('hello\n')],
      ['data/secret/1.in', Buffer.from('x')],
      ['data/secret/1.ans', Buffer.from('hello\n')],
    ]);
    expect(fromKattis(files)).toMatchObject({
      title: 'Hello',
      description: expect.stringMatching(
        /^<p>Print hello.<\/p>\n<h2>Input<\/h2>\n<p>An integer <span class="katex"><math/,
      ),
      timeLimitMs: 3000,
      floatTolerance: 1e-6,
      constraints: ['1 ≤ n ≤ 10'],
    });
    expect(parseYamlSubset('a:\n  b: 2\n  c:\n    d: "x # y"\ne: 3 # note\n')).toEqual({
      a: { b: 2, c: { d: 'x # y' } },
      e: 3,
    });
  });

  it('refuses reviewers, non-zips, missing parts, traversal, zip bombs and oversized packages with clear 4xx', async () => {
    const byReviewer = await upload(team.reviewer, samplePackage());
    expect(byReviewer.statusCode).toBe(403);
    expect(byReviewer.json().message).toMatch(/needs the owner, admin or recruiter role/);

    const notZip = await upload(team.owner, Buffer.from('hello, not a zip at all'));
    expect(notZip.json()).toMatchObject({ code: 'PACKAGE_INVALID', message: 'This is not a ZIP file' });
    expect((await upload(team.owner, samplePackage(), '', 'other')).statusCode).toBe(400);

    const noSecret = writeZip([
      f('problem.yaml', 'name: X\n'),
      f('problem_statement/problem.md', 'Do it'),
      f('data/sample/1.in', '1'),
      f('data/sample/1.ans', '1'),
    ]);
    expect((await upload(team.owner, noSecret)).json().message).toMatch(/data\/secret\/ has no .in\/.ans pairs/);

    const traversal = writeZip([f('../../etc/evil.in', 'x'), f('problem.yaml', 'name: X\n')]);
    const tr = await upload(team.owner, traversal);
    expect(tr.statusCode).toBe(400);
    expect(tr.json().message).toMatch(/Unsafe file name/);
    expect((await upload(team.owner, writeZip([f('/abs/problem.yaml', 'x')]))).json().code).toBe('PACKAGE_INVALID');

    // 40 MB of zeros deflate to ~40 KB; the header claiming 100 bytes does not fool the capped inflater.
    const bomb = writeZip([
      f('problem.yaml', 'name: Bomb\n'),
      { name: 'data/secret/1.in', data: Buffer.alloc(40 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    const honest = await upload(team.owner, bomb);
    expect(honest.json().message).toMatch(/larger than 1000000 bytes/);
    const forged = Buffer.from(bomb);
    const cd = forged.readUInt32LE(forged.length - 6);
    // Second central entry: patch its uncompressed size (offset 24) to 100.
    const firstLen = 46 + forged.readUInt16LE(cd + 28) + forged.readUInt16LE(cd + 30) + forged.readUInt16LE(cd + 32);
    forged.writeUInt32LE(100, cd + firstLen + 24);
    const lied = await upload(team.owner, forged);
    expect(lied.statusCode).toBe(400);
    expect(lied.json().message).toMatch(/could not be unpacked/);

    const huge = await upload(team.owner, Buffer.concat([Buffer.alloc(9 * 1024 * 1024, 1)]));
    expect(huge.statusCode).toBe(413);

    // Nothing was stored by any refused import.
    const problems = (await call(t.app, 'GET', '/api/coding-tests', team.owner)).json() as { title: string }[];
    expect(problems.some((p) => p.title === 'Bomb' || p.title === 'X')).toBe(false);
  });

  it('a tampered entry fails its CRC check', () => {
    const zip = writeZip([f('a.txt', 'hello world')]);
    const start = 30 + 'a.txt'.length;
    const data = Buffer.from(zip);
    const packed = deflateRawSync(Buffer.from('hello WORLD'));
    packed.copy(data, start);
    expect(() => readZip(data)).toThrow(/damaged/);
  });
});

describe('Kattis packages carry the model solution in any of the twelve languages (issue 24)', () => {
  it('reads submissions/accepted/solution.<ext> as the model solution and its language', () => {
    const base: [string, Buffer][] = [
      ['problem.yaml', Buffer.from('name: Sum\n')],
      ['problem_statement/problem.en.md', Buffer.from('Add two numbers.\n')],
      ['data/sample/1.in', Buffer.from('1 2\n')],
      ['data/sample/1.ans', Buffer.from('3\n')],
      ['data/secret/1.in', Buffer.from('40 2\n')],
      ['data/secret/1.ans', Buffer.from('42\n')],
    ];
    const go = 'package main\n\nimport "fmt"\n\nfunc main() { var a, b int; fmt.Scan(&a, &b); fmt.Println(a + b) }\n';
    const files = new Map<string, Buffer>([
      ...base,
      ['submissions/accepted/README', Buffer.from('not code')],
      ['submissions/accepted/sum.go', Buffer.from(go)],
    ]);
    expect(fromKattis(files)).toMatchObject({ solution: go, solutionLanguage: 'go' });
    for (const [ext, language] of [
      ['rs', 'rust'],
      ['cs', 'csharp'],
      ['kt', 'kotlin'],
      ['rb', 'ruby'],
      ['php', 'php'],
      ['c', 'c'],
      ['cc', 'cpp'],
    ] as const) {
      const one = new Map<string, Buffer>([...base, [`submissions/accepted/a.${ext}`, Buffer.from('x')]]);
      expect(fromKattis(one).solutionLanguage).toBe(language);
    }
    expect(fromKattis(new Map(base))).not.toHaveProperty('solutionLanguage');
  });

  it('writes the model solution with its language extension, and reads it back', () => {
    const problem = {
      ...fromKattis(
        new Map<string, Buffer>([
          ['problem.yaml', Buffer.from('name: Sum\n')],
          ['problem_statement/problem.en.md', Buffer.from('Add two numbers.\n')],
          ['data/sample/1.in', Buffer.from('1 2\n')],
          ['data/sample/1.ans', Buffer.from('3\n')],
          ['data/secret/1.in', Buffer.from('40 2\n')],
          ['data/secret/1.ans', Buffer.from('42\n')],
        ]),
      ),
      solution: 'puts gets.split.map(&:to_i).sum\n',
      solutionLanguage: 'ruby',
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      floatTolerance: null,
    } as unknown as Parameters<typeof toKattis>[0];
    const written = toKattis(problem);
    const entry = written.find((f) => f.name.startsWith('submissions/accepted/'));
    expect(entry?.name).toBe('submissions/accepted/solution.rb');
    const back = fromKattis(new Map(written.map((f) => [f.name, f.data])));
    expect(back).toMatchObject({ solution: 'puts gets.split.map(&:to_i).sum\n', solutionLanguage: 'ruby' });
  });
});
