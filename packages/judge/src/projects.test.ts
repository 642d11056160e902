import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_HIDDEN,
  CART_SOLUTION,
  CART_STARTER,
  CART_VISIBLE,
  CART_WRONG,
  HIDDEN_MARKER,
  JS_HIDDEN,
  JS_SOLUTION,
  JS_STARTER,
  JS_VISIBLE,
  JS_WRONG,
} from '../test/fixtures/projects';
import { createTestJudge, sandboxProcesses, type TestJudge } from '../test/test-support';
import { parseJunit } from './project/junit';
import type { ProjectFile, ProjectRequest } from './project/types';

let t: TestJudge;
beforeAll(() => {
  t = createTestJudge(2);
});
afterAll(async () => {
  await t.dispose();
});
afterEach(() => {
  expect(sandboxProcesses()).toEqual([]);
  expect(t.leftovers()).toEqual([]);
});

const run = (files: ProjectFile[], extra: Partial<ProjectRequest> = {}) =>
  t.judge.project!({ stack: 'python-pytest', files, testCommand: 'pytest -q', ...extra });
const byName = (cases: { name: string; passed: boolean }[]) => Object.fromEntries(cases.map((c) => [c.name, c.passed]));

describe('project runs (python-pytest)', () => {
  it('reports the stack as available from Debian packages', async () => {
    const [py, js] = await t.judge.stacks!();
    expect(py).toMatchObject({ id: 'python-pytest', available: true });
    expect(js).toMatchObject({ id: 'javascript-node', available: true });
  });

  it('fails the starter where it should and names each case with its output', async () => {
    const r = await run([...CART_STARTER, ...CART_VISIBLE]);
    expect(r.verdict).toBe('Completed');
    expect(byName(r.cases)).toEqual({
      'tests/test_total.py::test_empty': true,
      'tests/test_total.py::test_two_items': false,
    });
    const failedCase = r.cases.find((c) => !c.passed)!;
    expect(failedCase.output).toContain('assert 0 == 7');
    expect(failedCase.output).toContain('checking two items');
    expect(r.log).toContain('1 failed, 1 passed');
  });

  it('passes the reference solution on the hidden tests and fails the wrong one', async () => {
    const good = await run([...CART_STARTER, ...CART_SOLUTION, ...CART_VISIBLE, ...CART_HIDDEN]);
    expect(good.cases.every((c) => c.passed)).toBe(true);
    expect(good.cases).toHaveLength(3);
    const bad = await run([...CART_STARTER, ...CART_WRONG, ...CART_VISIBLE, ...CART_HIDDEN]);
    expect(byName(bad.cases)).toMatchObject({
      'hidden_tests/test_discount.py::test_discount': false,
      'tests/test_total.py::test_two_items': true,
    });
  });

  it('stops a test run that never ends with a clear verdict', async () => {
    const r = await run([{ path: 'test_forever.py', content: 'def test_loop():\n    while True:\n        pass\n' }], {
      timeLimitMs: 2000,
    });
    expect(r.verdict).toBe('Time Limit Exceeded');
    expect(r.message).toMatch(/did not finish within 2 s/);
  });

  it('stops a test run that prints without end, captured or not', async () => {
    const flood = [
      { path: 'test_flood.py', content: 'def test_flood():\n    while True:\n        print("x" * 65536)\n' },
    ];
    const direct = await run(flood, { testCommand: 'pytest -q -s' });
    expect(direct.verdict).toBe('Output Limit Exceeded');
    expect(direct.message).toMatch(/printed more than 1 MiB/);
    expect(direct.log.length).toBeLessThanOrEqual(64 << 10);
    const captured = await run(flood);
    expect(captured.verdict).toBe('Output Limit Exceeded');
    expect(captured.message).toMatch(/more output than a file may hold/);
    expect(captured.cases.some((c) => c.passed)).toBe(false);
  });

  it('gives the code no network and no write outside the workspace', async () => {
    const hostProbe = `/etc/assessly-project-probe-${process.pid}`;
    const probe = [
      'import os, socket',
      '',
      'def test_network():',
      '    s = socket.socket()',
      '    s.settimeout(1)',
      '    try:',
      '        s.connect(("1.1.1.1", 80))',
      '        reached = True',
      '    except OSError:',
      '        reached = False',
      '    assert not reached',
      '',
      'def test_write_outside():',
      '    try:',
      '        open("/usr/assessly-probe", "w").write("x")',
      '        wrote = True',
      '    except OSError:',
      '        wrote = False',
      '    assert not wrote',
      // the sandbox's root is its own tmpfs: a write there happens, but never on the host (checked below)
      `    open("${hostProbe}", "w").write("x")`,
      '',
      'def test_write_inside():',
      '    open("out.txt", "w").write("ok")',
      '    assert open("out.txt").read() == "ok"',
    ].join('\n');
    const r = await run([{ path: 'test_sandbox.py', content: probe }]);
    expect(existsSync(hostProbe)).toBe(false);
    expect(r.verdict).toBe('Completed');
    expect(byName(r.cases)).toEqual({
      'test_sandbox.py::test_network': true,
      'test_sandbox.py::test_write_outside': true,
      'test_sandbox.py::test_write_inside': true,
    });
  });

  it('never lets a candidate module shadow pytest or the standard library', async () => {
    const r = await run([
      { path: 'pytest.py', content: 'raise SystemExit("shadowed")\n' },
      { path: 'sitecustomize.py', content: 'raise SystemExit("shadowed")\n' },
      { path: 'test_a.py', content: 'def test_a():\n    assert True\n' },
    ]);
    expect(r.verdict).toBe('Completed');
    expect(byName(r.cases)).toEqual({ 'test_a.py::test_a': true });
  });

  it('reports a runner that cannot collect as a runner error, not as passed', async () => {
    const r = await run([{ path: 'test_bad.py', content: 'def test_x(:\n' }]);
    expect(r.cases.every((c) => !c.passed)).toBe(true);
    expect(r.log).toMatch(/SyntaxError|error/i);
    expect(JSON.stringify(r)).not.toContain(HIDDEN_MARKER);
  });

  it('refuses a test command that names another runner or sets the report', async () => {
    expect((await run(CART_VISIBLE, { testCommand: 'bash -c true' })).verdict).toBe('Internal Error');
    expect((await run(CART_VISIBLE, { testCommand: 'pytest --junitxml=/tmp/x' })).verdict).toBe('Internal Error');
  });
});

describe('project runs (javascript-node)', () => {
  const js = (files: ProjectFile[], extra: Partial<ProjectRequest> = {}) =>
    t.judge.project!({ stack: 'javascript-node', files, testCommand: 'node --test', ...extra });

  it('names each test by file and suite; the starter fails, the solution passes, the wrong one fails hidden', async () => {
    const starter = await js([...JS_STARTER, ...JS_VISIBLE]);
    expect(starter.verdict, starter.log).toBe('Completed');
    expect(byName(starter.cases)).toEqual({
      'test/cart.test.js::empty': true,
      'test/cart.test.js::items > two': false,
    });
    expect(starter.cases.find((c) => !c.passed)?.output).toMatch(/0 !== 7|strictly equal/);
    const good = await js([...JS_STARTER, ...JS_SOLUTION, ...JS_VISIBLE, ...JS_HIDDEN]);
    expect(good.cases.map((c) => c.passed)).toEqual([true, true, true]);
    const bad = await js([...JS_STARTER, ...JS_WRONG, ...JS_VISIBLE, ...JS_HIDDEN]);
    expect(byName(bad.cases)['hidden/discount.test.js::discount']).toBe(false);
    expect(byName(bad.cases)['test/cart.test.js::items > two']).toBe(true);
  });

  it('stops a test that never ends and refuses options besides --test', async () => {
    const r = await js(
      [{ path: 'test/loop.test.js', content: "require('node:test')('loop', () => { for (;;) {} });\n" }],
      {
        timeLimitMs: 2000,
      },
    );
    expect(r.verdict).toBe('Time Limit Exceeded');
    expect((await js(JS_VISIBLE, { testCommand: 'node --test --import=/x.mjs' })).verdict).toBe('Internal Error');
    expect((await js(JS_VISIBLE, { testCommand: 'node -e 1' })).verdict).toBe('Internal Error');
  });
});

describe('parseJunit', () => {
  it('reads classes, failures, skips and entities', () => {
    const xml = `<testsuites><testsuite><testcase classname="tests.test_a.TestCart" name="test_x[1-2]" file="tests/test_a.py" time="0.25"><failure message="boom &amp; more">trace &lt;here&gt;</failure></testcase><testcase classname="tests.test_a" name="test_s" file="tests/test_a.py" time="0"><skipped message="later"/></testcase><testcase classname="tests.test_a" name="test_ok" file="tests/test_a.py" time="0.001"/></testsuite></testsuites>`;
    expect(parseJunit(xml)).toEqual([
      {
        name: 'tests/test_a.py::TestCart::test_x[1-2]',
        file: 'tests/test_a.py',
        outcome: 'failed',
        passed: false,
        timeMs: 250,
        output: 'boom & more\ntrace <here>',
      },
      {
        name: 'tests/test_a.py::test_s',
        file: 'tests/test_a.py',
        outcome: 'skipped',
        passed: false,
        timeMs: 0,
        output: 'later',
      },
      {
        name: 'tests/test_a.py::test_ok',
        file: 'tests/test_a.py',
        outcome: 'passed',
        passed: true,
        timeMs: 1,
        output: '',
      },
    ]);
  });
});
