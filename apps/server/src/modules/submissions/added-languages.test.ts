/**
 * The seven languages of issue 24 through the API with the real judge: per language the sum problem is Accepted
 * on submit; a compile error comes back with the compiler's message; on Run with custom input a runtime error
 * shows its stderr, an endless loop is a TLE, fork and memory bombs are contained; and no answer holds anything
 * of the host. The programs are the judge's own test programs (one compile per language: the Run and Submit of
 * the same code share it through the compile cache). CPU heavy: run with `nice`.
 */

import os from 'node:os';
import path from 'node:path';
import { ADDED_LANGUAGES, type AddedLanguage, BROKEN_PROGRAMS, VERDICT_PROGRAMS } from '@assessly/judge/test-programs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useRealJudge, useStartedCodingTest, useTestApp } from '../../../test/support';
import { submissions } from '../../db/schema';

const t = useTestApp();
useRealJudge(t, { concurrency: 2 });
// one candidate per language keeps each within the per-user run limit
const { candidates, test } = useStartedCodingTest(t, {
  name: 'Twelve languages',
  candidates: ADDED_LANGUAGES.length,
  problems: [
    {
      title: 'Sum',
      marks: 20,
      timeLimitMs: 1000,
      examples: [{ input: 'sum 1 2\n', output: '3\n' }],
      testCases: [{ input: 'sum 40 2\n', output: '42\n' }],
    },
  ],
});

const body = (language: string, code: string, stdin?: string) => ({
  language,
  code,
  testId: test.id,
  questionNumber: 0,
  ...(stdin === undefined ? {} : { stdin }),
});

/** Nothing of the host in an answer: no judge work dir, cache, home, repository or sandbox path. */
function expectNothingOfTheHost(text: string): void {
  const workRoot = path.join(os.tmpdir(), 'assessly-judge-work');
  for (const host of [workRoot, '/root/', '/work/', '/box/', '/var/cache/assessly-judge', process.cwd()])
    expect(text).not.toContain(host);
}

describe.each(ADDED_LANGUAGES.map((language, i) => [language, i] as [AddedLanguage, number]))(
  '%s through the API',
  { timeout: 240_000 },
  (language, i) => {
    it('is Accepted on submit; Run shows a runtime error with stderr, a TLE, and contains fork and memory bombs', async () => {
      const candidate = candidates[i]!;
      const code = VERDICT_PROGRAMS[language];
      const answers: string[] = [];

      const submit = await t.as(candidate).post('/api/submissions', body(language, code));
      answers.push(submit.body);
      expect(submit.statusCode, submit.body).toBe(200);
      expect(
        submit.json().map((item: { passed: boolean }) => item.passed),
        submit.body,
      ).toEqual([true, true]);
      const id = submit.headers['x-submission-id'] as string;
      const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, id));
      expect(row).toMatchObject({ status: 'judged', verdict: 'Accepted', language, score: 20 });

      const run = async (stdin: string) => {
        const res = await t.as(candidate).post('/api/submissions/run', body(language, code, stdin));
        // a Run answer repeats its custom input: the host probe's input names host paths on purpose
        if (!stdin.startsWith('host')) answers.push(res.body);
        expect(res.statusCode, res.body).toBe(200);
        return res.json()[0] as { verdict: string; stderr: string; exitCode: number | null; output: string };
      };
      const re = await run('re\n');
      expect(re.verdict).toBe('Runtime Error');
      expect(re.exitCode).toBe(3);
      expect(re.stderr).toContain('boom: bad input');
      expect((await run('tle\n')).verdict).toBe('Time Limit Exceeded');
      // a memory bomb ends at whichever limit it reaches first: on a loaded machine the page reclaim near the memory
      // limit can let the time limit come first; the exact verdict per language is languages.test.ts's to check
      expect(['Memory Limit Exceeded', 'Time Limit Exceeded']).toContain((await run('mle\n')).verdict);
      // the process cap holds it: it ends at a limit or fails to start what it wanted, never Accepted
      expect(['Time Limit Exceeded', 'Runtime Error', 'Memory Limit Exceeded']).toContain(
        (await run('fork\n')).verdict,
      );
      const host = await run(`host /etc/shadow /root/.cargo ${process.cwd()}/package.json /var/cache/assessly-judge\n`);
      expect(host.output).toBe('absent\nabsent\nabsent\nabsent\n');
      expectNothingOfTheHost(host.stderr);
      expect((await run('net\n')).output).toBe('net closed\n');

      for (const text of answers) expectNothingOfTheHost(text);
    });

    it("answers a compile error with the compiler's message", async () => {
      const { code, message } = BROKEN_PROGRAMS[language];
      const res = await t.as(candidates[i]!).post('/api/submissions/run', body(language, code));
      expect(res.statusCode, res.body).toBe(200);
      const [item] = res.json();
      expect(item.verdict).toBe('Compilation Error');
      expect(item.output.toLowerCase()).toContain(message.toLowerCase());
      expectNothingOfTheHost(res.body);
    });
  },
);
