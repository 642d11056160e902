/**
 * Verdicts an employer can trust, with the REAL sandboxed judge: a program cannot fake a sandbox failure or
 * an MLE, and nothing of a hidden case reaches a candidate on any route (issue 11).
 */
import { HIDDEN_RESULT_KEYS, INTERNAL_ERROR_MESSAGE } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { attachJudging, buildTestApp } from '../../../test/build-test-app';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { as, useRealJudge, useSignedIn, useTestApp } from '../../../test/support';

const MARK = 'HIDDEN-TRUTH-5K8';
const EXAMPLE_IN = '1 2\n';
// Answers the example; for anything else dumps its input to stderr the way bwrap reports set-up failures.
const BWRAP_SPOOF =
  'import sys\nd = sys.stdin.read()\nif d == "1 2\\n":\n    print(3)\nelse:\n    sys.stderr.write("bwrap: " + d)\n    sys.exit(1)\n';
// Answers the example; otherwise claims to have run out of memory (it used almost none).
const MLE_SPOOF =
  'import sys\nd = sys.stdin.read()\nif d == "1 2\\n":\n    print(3)\nelse:\n    sys.stderr.write("MemoryError\\njava.lang.OutOfMemoryError " + d)\n    sys.exit(1)\n';
// Allocates memory in proportion to the first byte of its input: the figure would leak it.
const SIDE_CHANNEL =
  'import sys\nd = sys.stdin.read()\nif d == "1 2\\n":\n    print(3)\nelse:\n    x = bytearray(ord(d[0]) << 16)\n    print(len(x))\n';

const t = useTestApp();
// Compiles may use 4 s of CPU here instead of 10 s: the bomb below still compiles for the whole of the other
// candidate's Run, at less than half the CPU (this file runs in both database phases of npm test).
const real = useRealJudge(t, { concurrency: 2, compileCpuMs: 4000 });
const employer = useSignedIn(t, { role: 'employer' });

async function setup(language = 'python') {
  const { test } = await buildCodingTest(t.deps.db, {
    employer: employer,
    problems: [
      {
        title: 'Sum',
        marks: 10,
        examples: [{ input: EXAMPLE_IN, output: '3\n' }],
        testCases: [
          { input: `${MARK} 40 2\n`, output: `${MARK}-expected\n` },
          { input: `Z${MARK}\n`, output: '0\n' },
        ],
      },
    ],
  });
  const cand = await createSignedInUser(t.app);
  expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).statusCode).toBe(200);
  return { test, cand, body: { language, testId: test.id, questionNumber: 0 } };
}

/** Every candidate route answering results, each answer's hidden items checked key by key. */
async function candidateAnswers(cand: SignedInUser, testId: string, submitAnswer: unknown, id: string) {
  const answers: [string, unknown][] = [
    ['submit', submitAnswer],
    ['GET /api/submissions/{id}', (await t.as(cand).request('GET', `/api/submissions/${id}`)).json()],
    ['GET /api/submissions/all', (await t.as(cand).request('GET', `/api/submissions/all?testId=${testId}`)).json()],
    [
      'GET /api/attempts/{testId}/submissions',
      (await t.as(cand).request('GET', `/api/attempts/${testId}/submissions`)).json(),
    ],
  ];
  return answers;
}

function hiddenItems(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) hiddenItems(v, found);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.hidden === true) found.push(o);
    for (const v of Object.values(o)) hiddenItems(v, found);
  }
  return found;
}

function expectNothingHidden(answers: [string, unknown][]) {
  for (const [route, json] of answers) {
    const text = JSON.stringify(json);
    expect(text, route).not.toContain(MARK);
    const hidden = hiddenItems(json);
    expect(hidden.length, `${route}: ${text.slice(0, 400)}`).toBeGreaterThan(0);
    for (const item of hidden) {
      expect(Object.keys(item).sort(), route).toEqual([...HIDDEN_RESULT_KEYS].sort());
      expect(item, route).not.toHaveProperty('timeMs');
      expect(item, route).not.toHaveProperty('memoryKb');
    }
  }
}

describe('a program cannot speak for the sandbox', () => {
  it('the bwrap:-stderr program leaks no hidden input and gets a truthful Runtime Error', async () => {
    const { test, cand, body } = await setup();
    const res = await t.as(cand).request('POST', '/api/submissions', { ...body, code: BWRAP_SPOOF });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.headers['x-submission-id'] as string;
    const mine = (await t.as(cand).request('GET', `/api/submissions/${id}`)).json();
    expect(mine.verdict).toBe('Runtime Error');
    expect(mine.status).toBe('judged');
    expect(mine.compileOutput).toBeNull();
    expect(mine.results.map((r: { verdict: string }) => r.verdict)).toEqual([
      'Accepted',
      'Runtime Error',
      'Runtime Error',
    ]);
    expectNothingHidden(await candidateAnswers(cand, test.id, res.json(), id));
    // the employer sees everything: the hidden input, expected output and what the program wrote
    const full = (await t.as(employer).request('GET', `/api/submissions/${id}`)).json();
    expect(full.results[1]).toMatchObject({
      hidden: true,
      input: `${MARK} 40 2\n`,
      expectedOutput: `${MARK}-expected\n`,
    });
    expect(full.results[1].stderr).toContain(`bwrap: ${MARK}`);
    expect(typeof full.results[1].timeMs).toBe('number');
  });

  it('a stderr "MLE" spoof is a Runtime Error and leaks nothing', async () => {
    const { test, cand, body } = await setup();
    const res = await t.as(cand).request('POST', '/api/submissions', { ...body, code: MLE_SPOOF });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.headers['x-submission-id'] as string;
    const mine = (await t.as(cand).request('GET', `/api/submissions/${id}`)).json();
    expect(mine.results.slice(1).map((r: { verdict: string }) => r.verdict)).toEqual([
      'Runtime Error',
      'Runtime Error',
    ]);
    expectNothingHidden(await candidateAnswers(cand, test.id, res.json(), id));
  });

  it('hidden cases carry no time or memory figures a program could encode input into', async () => {
    const { test, cand, body } = await setup();
    const res = await t.as(cand).request('POST', '/api/submissions', { ...body, code: SIDE_CHANNEL });
    expect(res.statusCode, res.body).toBe(200);
    expectNothingHidden(await candidateAnswers(cand, test.id, res.json(), res.headers['x-submission-id'] as string));
  });

  it('the nested-arrow TypeScript file is stopped by the compile limit; another candidate’s Run is answered while it compiles', async () => {
    const a = await setup('typescript');
    const b = await setup('python');
    let expr = '0';
    for (let i = 0; i < 28; i++) expr = `(a = ${expr}) => a`; // doubles per level: minutes of work
    const bomb = `const f = ${expr};`;
    expect(bomb.length).toBeGreaterThanOrEqual(270);
    let bombEndedAt = 0;
    const bombDone = t.as(a.cand).request('POST', '/api/submissions/run', { ...a.body, code: bomb });
    void bombDone.then(() => {
      bombEndedAt = Date.now();
    });
    await new Promise((r) => setTimeout(r, 500)); // the bomb is compiling
    // Order, not speed (this file shares the cores with other test phases): the Run does not wait for the bomb.
    // How fast it is answered under a flood is drive.test's subject, run alone.
    const run = await t.as(b.cand).request('POST', '/api/submissions/run', { ...b.body, code: 'print(3)\n' });
    expect(bombEndedAt, 'the bomb was still compiling when the Run was answered').toBe(0);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()[0].verdict).toBe('Accepted');
    const bombed = await bombDone;
    expect(bombed.statusCode, bombed.body).toBe(200);
    expect(bombed.json()[0].verdict).toBe('Compilation Error');
    expect(bombed.json()[0].output).toMatch(/compilation time limit exceeded \(4 s\)/);
  });
});

describe('internal errors', () => {
  it('show candidates a generic message and employers the full text', async () => {
    const own = await buildTestApp();
    try {
      const detail = 'sandbox failed to start: bwrap: /var/lib/assessly/secret-host-path';
      await attachJudging(own, {
        languages: () => real.judge.languages(),
        isolation: () => real.judge.isolation(),
        judge: async (req) => ({
          verdict: 'Internal Error',
          compileOutput: detail,
          cases: [],
          compileMs: null,
          passedCount: 0,
          totalCount: req.cases.length,
        }),
      });
      const boss = await createSignedInUser(own.app, { role: 'employer' });
      const { test } = await buildCodingTest(own.deps.db, {
        employer: boss,
        problems: [
          {
            title: 'S',
            marks: 5,
            examples: [{ input: '1\n', output: '1\n' }],
            testCases: [{ input: '2\n', output: '2\n' }],
          },
        ],
      });
      const cand = await createSignedInUser(own.app);
      await as(own.app, cand).request('POST', `/api/attempts/${test.id}/start`);
      const body = { language: 'python', code: 'print(1)', testId: test.id, questionNumber: 0 };
      const run = await as(own.app, cand).request('POST', '/api/submissions/run', body);
      expect(run.body).not.toContain('secret-host-path');
      expect(run.json()[0].output).toBe(INTERNAL_ERROR_MESSAGE);
      const sub = await as(own.app, cand).request('POST', '/api/submissions', body);
      expect(sub.body).not.toContain('secret-host-path');
      const id = sub.headers['x-submission-id'] as string;
      for (const url of [`/api/submissions/${id}`, '/api/submissions/all', `/api/attempts/${test.id}/submissions`]) {
        const res = await as(own.app, cand).request('GET', url);
        expect(res.body, url).not.toContain('secret-host-path');
        expect(res.body, url).toContain(INTERNAL_ERROR_MESSAGE);
      }
      const full = (await as(own.app, boss).request('GET', `/api/submissions/${id}`)).json();
      expect(full.compileOutput).toBe(detail);
    } finally {
      await own.deps.judging?.stop();
      await own.close();
    }
  });
});
