/** Project tasks (issue 43) through the real app and the REAL sandboxed judge. */
import { deflateRawSync } from 'node:zlib';
import type { TProjectSpec } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import {
  CART_TOTAL_SOLUTION,
  CART_TOTAL_WRONG,
  cartProject,
  PROJECT_HIDDEN_MARKER,
} from '../../../test/fixtures/projects';
import { useRealJudge, useSignedIn, useTestApp } from '../../../test/support';
import { submissions } from '../../db/schema';
import { writeZip } from '../coding-problems/zip';

const t = useTestApp();
useRealJudge(t, { concurrency: 2 });
const employer = useSignedIn(t, { role: 'employer' });

async function projectInTest() {
  const { test } = await buildCodingTest(t.deps.db, { employer, problems: [] });
  const created = await t.as(employer).post('/api/coding-tests/projects', cartProject(test.id));
  expect(created.statusCode, created.body).toBe(201);
  const problemId = created.json().id as string;
  const linked = await t.as(employer).put(`/api/tests/${test.id}/update-questions`, { questionIds: [problemId] });
  expect(linked.statusCode, linked.body).toBe(200);
  return { testId: test.id, problemId };
}

async function startedCandidate(testId: string): Promise<SignedInUser> {
  const cand = await createSignedInUser(t.app);
  const started = await t.as(cand).post(`/api/attempts/${testId}/start`);
  expect(started.statusCode, started.body).toBe(200);
  return cand;
}

type Spec = { project: Required<Pick<TProjectSpec, 'starterFiles' | 'visibleTests' | 'hiddenTests' | 'tests'>> };
const ws = (testId: string, problemId: string) => `/api/attempts/${testId}/projects/${problemId}`;

describe('authoring a project', () => {
  it('creates one from a JSON file tree; its marks are the sum of its tests', async () => {
    const res = await t.as(employer).post('/api/coding-tests/projects', cartProject());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'project', marks: 20, project: { stack: 'python-pytest' } });
    const read = await t.as(employer).get(`/api/coding-tests/projects/${res.json().id}`);
    expect(read.json().project.hiddenTests[0].content).toContain(PROJECT_HIDDEN_MARKER);
    // it is a problem like any other: in the bank and the library, as a project, without its tree
    const bank = await t.as(employer).get('/api/coding-tests');
    expect(bank.statusCode).toBe(200);
    expect(bank.json().find((p: { id: string }) => p.id === res.json().id)).toMatchObject({ kind: 'project' });
    const library = await t.as(employer).get('/api/library?kind=problem&type=project');
    expect(library.statusCode, library.body).toBe(200);
    expect(library.json().items.map((i: { id: string }) => i.id)).toContain(res.json().id);
  });

  it('checks the reference solution against every test, hidden ones included', async () => {
    const { testId, problemId } = await projectInTest();
    const check = await t.as(employer).post(`/api/coding-tests/projects/${problemId}/check`);
    expect(check.statusCode, check.body).toBe(200);
    // the coding builder's batch save of the test's other problems keeps the project listed
    const batch = await t.as(employer).post(`/api/tests/${testId}/questions/batch`, {
      problems: [
        {
          title: 'Sum',
          description: 'Add.',
          examples: [{ input: '1 2', output: '3' }],
          testCases: [{ input: '2 2', output: '4' }],
          marks: 5,
        },
      ],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().test.questionIds).toContain(problemId);
    expect(batch.json().test.totalMarks).toBe(25);
    expect(check.json()).toMatchObject({ passed: true, result: { verdict: 'Completed', passedCount: 4, score: 20 } });
  });

  it('refuses bad trees with a clear 400 and stores nothing', async () => {
    const cases: [string, (b: Spec) => void, RegExp][] = [
      ['a .. path', (b) => b.project.starterFiles.push({ path: '../evil.py', content: '' }), /\.\. parts/],
      ['a NUL byte', (b) => b.project.starterFiles.push({ path: 'x.bin', content: 'a\0b' }), /Binary files/],
      [
        'a test in no test file',
        (b) => b.project.tests.push({ name: 'nope.py::test_x', marks: 1 }),
        /not in a visible/,
      ],
      ['no hidden test', (b) => (b.project.tests = b.project.tests.slice(0, 2)), /hidden test/],
      [
        'a test also a starter file',
        (b) => b.project.starterFiles.push(b.project.visibleTests[0]!),
        /already a starter/,
      ],
      ['a kind project through the plain route', () => {}, /./],
    ];
    for (const [label, change, message] of cases.slice(0, 5)) {
      const body = cartProject();
      change(body as unknown as Spec);
      const res = await t.as(employer).post('/api/coding-tests/projects', body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const plain = await t.as(employer).post('/api/coding-tests', {
      title: 'x',
      description: 'y',
      kind: 'project',
      examples: [{ input: '1', output: '1' }],
      testCases: [{ input: '1', output: '1' }],
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toMatch(/POST \/api\/coding-tests\/projects/);
  });
});

describe('a zip upload', () => {
  const upload = (zip: Buffer) => {
    const boundary = '----assessly-project';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="package"; filename="p.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      zip,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/coding-tests/projects/import',
      headers: { cookie: employer.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };
  const f = (name: string, text: string | Buffer) => ({ name, data: Buffer.from(text) });
  const body = cartProject() as ReturnType<typeof cartProject> & Spec;
  const manifest = JSON.stringify({
    title: body.title,
    description: body.description,
    stack: 'python-pytest',
    testCommand: 'pytest -q',
    tests: body.project.tests,
  });
  const good = () => [
    f('cart-task/assessly-project.json', manifest),
    ...body.project.starterFiles.map((s) => f(`cart-task/starter/${s.path}`, s.content)),
    ...body.project.visibleTests.map((s) => f(`cart-task/visible/${s.path}`, s.content)),
    ...body.project.hiddenTests.map((s) => f(`cart-task/hidden/${s.path}`, s.content)),
    f('cart-task/solution/cart/total.py', CART_TOTAL_SOLUTION),
  ];

  it('imports a zipped folder into the same project the JSON route makes', async () => {
    const res = await upload(writeZip(good()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().project.starterFiles.map((x: { path: string }) => x.path)).toEqual([
      'cart/__init__.py',
      'cart/total.py',
    ]);
    expect(res.json().marks).toBe(20);
  });

  it('refuses traversal, links, binary files, too many files and bombs with a clear 400', async () => {
    const traversal = writeZip([...good(), f('cart-task/starter/../../etc/x', 'x')]);
    expect((await upload(traversal)).json()).toMatchObject({ code: 'PACKAGE_INVALID', message: /Unsafe file name/ });
    const binary = writeZip([...good(), f('cart-task/starter/logo.png', Buffer.from([0x89, 0x50, 0xff, 0xfe, 0]))]);
    expect((await upload(binary)).json()).toMatchObject({ code: 'PACKAGE_INVALID', message: /binary file/ });
    const many = writeZip([...good(), ...Array.from({ length: 310 }, (_, i) => f(`cart-task/starter/f${i}.py`, ''))]);
    expect((await upload(many)).json()).toMatchObject({ code: 'PACKAGE_INVALID', message: /more than 301 files/ });
    const big = writeZip([...good(), f('cart-task/starter/big.py', '#'.repeat(300 * 1024))]);
    expect((await upload(big)).json()).toMatchObject({ code: 'PACKAGE_INVALID', message: /larger than/ });
    // a symlink entry: "made by" Unix, mode lrwxrwxrwx
    const linked = writeZip([...good(), f('cart-task/starter/link', '/etc/passwd')]);
    const at = linked.lastIndexOf(Buffer.from('cart-task/starter/link')) - 46;
    linked.writeUInt8(3, at + 5);
    linked.writeUInt32LE((0o120777 << 16) >>> 0, at + 38);
    const link = await upload(linked);
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toMatch(/link or special file/);
    const noManifest = await upload(writeZip(good().slice(1)));
    expect(noManifest.json().message).toMatch(/assessly-project\.json/);
    // a stored entry claiming little but inflating to a lot is cut at the entry limit
    expect(deflateRawSync(Buffer.alloc(4 << 20)).length).toBeLessThan(8 << 10);
  });
});

describe("the candidate's workspace", () => {
  it('loads the starter, autosaves, runs the visible tests and refuses a stale tab', async () => {
    const { testId, problemId } = await projectInTest();
    const cand = await startedCandidate(testId);
    const load = await t.as(cand).get(ws(testId, problemId));
    expect(load.statusCode, load.body).toBe(200);
    const w = load.json();
    expect(w.files.map((x: { path: string }) => x.path)).toEqual(['cart/__init__.py', 'cart/total.py']);
    expect(w.readOnly.map((x: { path: string }) => x.path)).toEqual(['tests/test_total.py']);
    expect(w.hiddenTestCount).toBe(2);
    expect(load.body).not.toContain(PROJECT_HIDDEN_MARKER);

    const starterRun = await t.as(cand).post(`${ws(testId, problemId)}/run`);
    expect(starterRun.statusCode, starterRun.body).toBe(200);
    expect(starterRun.json()).toMatchObject({ kind: 'run', verdict: 'Completed', passedCount: 1, totalCount: 2 });
    expect(starterRun.json().log).toContain('1 failed, 1 passed');

    const saved = await t.as(cand).put(`${ws(testId, problemId)}/files`, {
      revision: 0,
      write: [{ path: 'cart/total.py', content: CART_TOTAL_WRONG }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().revision).toBe(1);
    const stale = await t.as(cand).put(`${ws(testId, problemId)}/files`, { revision: 0, write: [] });
    expect(stale.statusCode).toBe(409);
    const readOnly = await t.as(cand).put(`${ws(testId, problemId)}/files`, {
      revision: 1,
      write: [{ path: 'tests/test_total.py', content: 'def test_empty():\n    pass\n' }],
    });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json().message).toMatch(/cannot be changed/);
    const moved = await t.as(cand).put(`${ws(testId, problemId)}/files`, {
      revision: 1,
      write: [{ path: 'notes/todo.md', content: 'discount' }],
      rename: [{ from: 'cart/__init__.py', to: 'cart/__init__.py.bak' }],
    });
    expect(moved.json().revision).toBe(2);
    const back = await t.as(cand).put(`${ws(testId, problemId)}/files`, {
      revision: 2,
      rename: [{ from: 'cart/__init__.py.bak', to: 'cart/__init__.py' }],
      remove: ['notes/todo.md'],
    });
    expect(back.json().revision).toBe(3);
    const reloaded = (await t.as(cand).get(ws(testId, problemId))).json();
    expect(reloaded.revision).toBe(3);
    expect(reloaded.files).toEqual([
      { path: 'cart/__init__.py', content: '' },
      { path: 'cart/total.py', content: CART_TOTAL_WRONG },
    ]);
    expect(reloaded.lastRun.kind).toBe('run');

    const wrongRun = (await t.as(cand).post(`${ws(testId, problemId)}/run`)).json();
    expect(wrongRun.passedCount).toBe(2);
  });

  it("never lets the candidate's code read the hidden tests during a Run", async () => {
    const { testId, problemId } = await projectInTest();
    const cand = await startedCandidate(testId);
    const snoop = [
      'import os',
      '',
      'def test_snoop():',
      '    found, control = [], []',
      '    for root, _, files in os.walk("/"):',
      '        if root.startswith(("/proc", "/sys", "/usr", "/dev")):',
      '            continue',
      '        for name in files:',
      '            try:',
      '                p = os.path.join(root, name)',
      '                if name == "test_snoop.py" or not os.path.isfile(p):',
      '                    continue',
      '                text = open(p, errors="ignore").read(1 << 20)',
      '                if "HIDDEN-PROJECT" in text:',
      '                    found.append(p)',
      // the control: the visible test, which the same search must find
      '                if "checking two items" in text:',
      '                    control.append(p)',
      '            except OSError:',
      '                pass',
      '    print("FOUND", found)',
      '    assert control == ["/box/tests/test_total.py"]',
      '    assert found == []',
    ].join('\n');
    await t.as(cand).put(`${ws(testId, problemId)}/files`, {
      revision: 0,
      write: [{ path: 'test_snoop.py', content: snoop }],
    });
    const run = await t.as(cand).post(`${ws(testId, problemId)}/run`);
    expect(run.statusCode, run.body).toBe(200);
    expect(
      run.json().cases.find((c: { name: string }) => c.name === 'test_snoop.py::test_snoop'),
      run.body,
    ).toMatchObject({
      passed: true,
    });
    expect(run.body).not.toContain(PROJECT_HIDDEN_MARKER);
  });

  it('grades a submit with marks per test: a wrong solution gets partial credit, the reference all of it', async () => {
    const { testId, problemId } = await projectInTest();
    const cand = await startedCandidate(testId);
    await t.as(cand).put(`${ws(testId, problemId)}/files`, {
      revision: 0,
      write: [{ path: 'cart/total.py', content: CART_TOTAL_WRONG }],
    });
    const wrong = await t.as(cand).post(`${ws(testId, problemId)}/submit`);
    expect(wrong.statusCode, wrong.body).toBe(200);
    // visible pass (2 + 3), hidden discount fails (10), the full discount fails (5)
    expect(wrong.json()).toMatchObject({
      kind: 'submit',
      score: 5,
      maxScore: 20,
      passedCount: 2,
      totalCount: 4,
      log: null,
    });
    const hidden = wrong.json().cases.filter((c: { hidden: boolean }) => c.hidden);
    expect(hidden).toEqual([
      { name: 'Hidden test 1', hidden: true, passed: false },
      { name: 'Hidden test 2', hidden: true, passed: false },
    ]);
    expect(wrong.body).not.toContain(PROJECT_HIDDEN_MARKER);
    expect(wrong.body).not.toContain('test_discount');

    await t.as(cand).put(`${ws(testId, problemId)}/files`, {
      revision: 1,
      write: [{ path: 'cart/total.py', content: CART_TOTAL_SOLUTION }],
    });
    const right = await t.as(cand).post(`${ws(testId, problemId)}/submit`);
    expect(right.json()).toMatchObject({ score: 20, passedCount: 4 });

    // the score is the attempt's like any problem's: the employer's results count the best submit
    const results = await t.as(employer).get(`/api/review/tests/${testId}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(JSON.stringify(results.json())).toContain('"score":20');
    // and the candidate's submission list shows hidden cases only as passed/failed
    const mine = await t.as(cand).get(`/api/attempts/${testId}/submissions`);
    expect(mine.body).not.toContain(PROJECT_HIDDEN_MARKER);
  });

  it('grades a changed workspace at the end of the attempt, once, without an explicit submit', async () => {
    const { testId, problemId } = await projectInTest();
    const cand = await startedCandidate(testId);
    await t.as(cand).put(`${ws(testId, problemId)}/files`, {
      revision: 0,
      write: [{ path: 'cart/total.py', content: CART_TOTAL_WRONG }],
    });
    const ended = await t.as(cand).post(`/api/attempts/${testId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const rows = await t.deps.db.select().from(submissions).where(eq(submissions.questionId, problemId));
    expect(rows.map((r) => ({ score: r.score, maxScore: r.maxScore, status: r.status }))).toEqual([
      { score: 5, maxScore: 20, status: 'judged' },
    ]);
    // the stored code is the workspace, every file
    expect(JSON.parse(rows[0]!.code)['cart/total.py']).toBe(CART_TOTAL_WRONG);
  });

  it('runs a second stack, JavaScript with node:test, the same way', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer, problems: [] });
    const created = await t.as(employer).post('/api/coding-tests/projects', {
      title: 'Cart in JavaScript',
      description: 'Make the tests pass.',
      testId: test.id,
      project: {
        stack: 'javascript-node',
        testCommand: 'node --test',
        starterFiles: [{ path: 'src/cart.js', content: 'exports.total = () => 0;\n' }],
        visibleTests: [
          {
            path: 'test/cart.test.js',
            content:
              "const { test } = require('node:test');\nconst assert = require('node:assert');\nconst { total } = require('../src/cart.js');\ntest('empty', () => assert.strictEqual(total([]), 0));\n",
          },
        ],
        hiddenTests: [
          {
            path: 'hidden/more.test.js',
            content: `// ${PROJECT_HIDDEN_MARKER}\nconst { test } = require('node:test');\nconst assert = require('node:assert');\nconst { total } = require('../src/cart.js');\ntest('one item', () => assert.strictEqual(total([{ price: 2, qty: 2 }]), 4));\n`,
          },
        ],
        solutionFiles: [
          {
            path: 'src/cart.js',
            content: 'exports.total = (items) => items.reduce((s, i) => s + i.price * i.qty, 0);\n',
          },
        ],
        tests: [
          { name: 'test/cart.test.js::empty', marks: 1 },
          { name: 'hidden/more.test.js::one item', marks: 4 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const problemId = created.json().id;
    const check = await t.as(employer).post(`/api/coding-tests/projects/${problemId}/check`);
    expect(check.json()).toMatchObject({ passed: true, result: { score: 5 } });
    await t.as(employer).put(`/api/tests/${test.id}/update-questions`, { questionIds: [problemId] });
    const cand = await startedCandidate(test.id);
    const submit = await t.as(cand).post(`${ws(test.id, problemId)}/submit`);
    expect(submit.json()).toMatchObject({ score: 1, maxScore: 5, passedCount: 1, totalCount: 2 });
    expect(submit.body).not.toContain(PROJECT_HIDDEN_MARKER);
  });

  it('stops a hostile test command with a clear verdict and no score', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer, problems: [] });
    const body = cartProject(test.id) as ReturnType<typeof cartProject> & Spec;
    body.project.timeLimitMs = 2000;
    body.project.hiddenTests = [
      { path: 'hidden/test_forever.py', content: 'def test_forever():\n    while True:\n        pass\n' },
    ];
    body.project.tests = [{ name: 'hidden/test_forever.py::test_forever', marks: 5 }];
    const created = await t.as(employer).post('/api/coding-tests/projects', body);
    expect(created.statusCode, created.body).toBe(201);
    const problemId = created.json().id;
    await t.as(employer).put(`/api/tests/${test.id}/update-questions`, { questionIds: [problemId] });
    const cand = await startedCandidate(test.id);
    const res = await t.as(cand).post(`${ws(test.id, problemId)}/submit`);
    expect(res.json()).toMatchObject({
      verdict: 'Time Limit Exceeded',
      message: 'The test run did not finish within 2 s and was stopped',
      score: 0,
    });
  });

  it('answers 404 for a problem outside the test and 403/404 for another candidate', async () => {
    const { testId, problemId } = await projectInTest();
    const other = await projectInTest();
    const cand = await startedCandidate(testId);
    expect((await t.as(cand).get(ws(testId, other.problemId))).statusCode).toBe(404);
    const stranger = await createSignedInUser(t.app);
    const res = await t.as(stranger).get(ws(testId, problemId));
    expect(res.json().code).toBe('ATTEMPT_NOT_STARTED');
  });
});
