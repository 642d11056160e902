/**
 * Per-test language choice (issue 24) through the API: the employer picks the languages, the candidate's take
 * payload lists them, and run/submit in any other language is refused with a clear message; the new languages
 * are judged for real (Go and C# here; every language's verdicts are in packages/judge/src/languages.test.ts).
 */
import { LANGUAGE_IDS } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useRealJudge, useStartedCodingTest, useTestApp } from '../../../test/support';
import { attempts, editStreams, submissions } from '../../db/schema';

const GO_SUM =
  'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar a, b int\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n';
const CSHARP_SUM =
  "using System;\nclass P { static void Main() { var p = Console.ReadLine().Split(' '); Console.WriteLine(int.Parse(p[0]) + int.Parse(p[1])); } }\n";

const t = useTestApp();
useRealJudge(t, { concurrency: 2 });
const { employer, candidate, test } = useStartedCodingTest(t, { name: 'Language choice' });

const body = (language: string, code: string) => ({ language, code, testId: test.id, questionNumber: 0 });

async function offer(languages: string[] | null) {
  const current = (await t.as(employer).get(`/api/tests/${test.id}`)).json();
  return t.as(employer).put(`/api/tests/${test.id}`, { languages, version: current.version });
}

describe('per-test language choice', () => {
  it('offers every language by default, in picker order', async () => {
    const res = await t.as(employer).get(`/api/tests/${test.id}`);
    expect(res.json().languages).toEqual([...LANGUAGE_IDS]);
    const take = await t.as(candidate).get(`/api/attempts/take/${test.id}`);
    expect(take.json().test.languages).toEqual([...LANGUAGE_IDS]);
  });

  it('refuses an empty choice and unknown languages, and keeps the test as it was', async () => {
    const empty = await offer([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.languages).toBe('Choose at least one language');
    const unknown = await offer(['go', 'cobol']);
    expect(unknown.statusCode).toBe(400);
    expect((await t.as(employer).get(`/api/tests/${test.id}`)).json().languages).toEqual([...LANGUAGE_IDS]);
  });

  it('stores the chosen languages, lists them to the candidate and refuses others on run and submit', async () => {
    const res = await offer(['go', 'csharp', 'go']);
    expect(res.statusCode).toBe(200);
    expect(res.json().languages).toEqual(['csharp', 'go']);
    expect((await t.as(candidate).get(`/api/attempts/take/${test.id}`)).json().test.languages).toEqual([
      'csharp',
      'go',
    ]);
    const before = (await t.deps.db.select().from(submissions)).length;
    for (const path of ['/api/submissions/run', '/api/submissions']) {
      const refused = await t.as(candidate).post(path, body('python', 'print(3)'));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'This test does not offer Python. Choose one of: C#, Go',
        fields: { language: 'This test does not offer Python. Choose one of: C#, Go' },
      });
    }
    expect(await t.deps.db.select().from(submissions)).toHaveLength(before);
  });

  it('judges Go and C# submissions for real', async () => {
    for (const [language, code] of [
      ['go', GO_SUM],
      ['csharp', CSHARP_SUM],
    ] as const) {
      const run = await t.as(candidate).post('/api/submissions/run', body(language, code));
      expect(run.statusCode).toBe(200);
      expect(run.json()[0]).toMatchObject({ passed: true, verdict: 'Accepted', output: '3\n' });
      const submit = await t.as(candidate).post('/api/submissions', body(language, code));
      expect(submit.statusCode).toBe(200);
      expect(
        submit.json().map((i: { passed: boolean }) => i.passed),
        submit.body,
      ).toEqual([true, true]);
      const id = submit.headers['x-submission-id'] as string;
      const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, id));
      expect(row).toMatchObject({ status: 'judged', verdict: 'Accepted', language, score: 20 });
    }
  });

  it('refuses a draft in a language the test does not offer, and keeps the drafts as they were', async () => {
    expect((await offer(['go', 'csharp'])).statusCode).toBe(200);
    const [problemId] = (await t.as(employer).get(`/api/tests/${test.id}`)).json().questionIds as string[];
    const draftsBefore = (await t.as(candidate).get(`/api/attempts/take/${test.id}`)).json().drafts;
    const refused = await t
      .as(candidate)
      .put(`/api/attempts/${test.id}/drafts`, { questionId: problemId, language: 'ruby', code: 'puts 3\n' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'This test does not offer Ruby. Choose one of: C#, Go',
      fields: { language: 'This test does not offer Ruby. Choose one of: C#, Go' },
    });
    const take = (await t.as(candidate).get(`/api/attempts/take/${test.id}`)).json();
    expect(take.drafts).toEqual(draftsBefore);
    expect(take.languages?.[problemId as string]).not.toBe('ruby');
  });

  it('refuses an edit recording in a language the test does not offer, and stores no stream for it', async () => {
    expect((await offer(['go', 'csharp'])).statusCode).toBe(200);
    const [problemId] = (await t.as(employer).get(`/api/tests/${test.id}`)).json().questionIds as string[];
    const batch = (language: string) => ({
      questionId: problemId,
      language,
      seq: 1,
      events: [{ at: 1000, from: 0, to: 0, insert: 'x', kind: 'type' }],
    });
    const refused = await t.as(candidate).post(`/api/attempts/${test.id}/edits`, batch('ruby'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'This test does not offer Ruby. Choose one of: C#, Go',
    });
    const [attempt] = await t.deps.db.select().from(attempts).where(eq(attempts.testId, test.id));
    const streams = await t.deps.db.select().from(editStreams).where(eq(editStreams.attemptId, attempt!.id));
    expect(streams.filter((s) => s.language === 'ruby')).toEqual([]);
    // the same batch in an offered language is recorded
    expect((await t.as(candidate).post(`/api/attempts/${test.id}/edits`, batch('go'))).statusCode).toBe(200);
  });

  it('does not auto-submit at End Test a draft whose language the employer stopped offering', async () => {
    // saved while every language was offered; the employer then narrows the choice
    expect((await offer(null)).statusCode).toBe(200);
    const [problemId] = (await t.as(employer).get(`/api/tests/${test.id}`)).json().questionIds as string[];
    const saved = await t
      .as(candidate)
      .put(`/api/attempts/${test.id}/drafts`, { questionId: problemId, language: 'python', code: 'print(3)\n' });
    expect(saved.statusCode).toBe(200);
    expect((await offer(['go', 'csharp'])).statusCode).toBe(200);
    const before = (await t.deps.db.select().from(submissions)).length;
    expect((await t.as(candidate).post(`/api/attempts/${test.id}/end`)).statusCode).toBe(200);
    expect(await t.deps.db.select().from(submissions)).toHaveLength(before);
  });

  it('offers every language again when the choice is cleared', async () => {
    expect((await offer(null)).json().languages).toEqual([...LANGUAGE_IDS]);
  });
});
