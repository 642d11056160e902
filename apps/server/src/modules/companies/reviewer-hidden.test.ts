/**
 * Issue 42: reviewers read hidden test cases and model solutions only when the company's owners or admins say so
 * (off by default), through GET/PUT /api/companies/me/reviewer-access; every change is in the audit log.
 */

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, HIDDEN_MARKER, type SignedInUser } from '../../../test/factories';
import { registerVerifiedOwner } from '../../../test/fixtures/team';
import { useTeam, useTestApp } from '../../../test/support';
import { auditLog, submissions } from '../../db/schema';

const t = useTestApp();
const team = useTeam(t);
let problemId: string;
let testId: string;
let submissionId: string;
let rivalOwner: SignedInUser;

const ACCESS = '/api/companies/me/reviewer-access';

beforeAll(async () => {
  const built = await buildCodingTest(t.deps.db, { employer: team.owner, problems: 1 });
  testId = built.test.id;
  problemId = built.problems[0]!.id;
  const candidate = await createSignedInUser(t.app, { role: 'candidate' });
  const [sub] = await t.deps.db
    .insert(submissions)
    .values({
      testId,
      userId: candidate.id,
      questionId: problemId,
      questionNumber: 0,
      language: 'python',
      code: 'print(1)',
      status: 'judged',
      verdict: 'Wrong Answer',
      passedCount: 0,
      totalCount: 1,
      score: 0,
      maxScore: 10,
      results: [
        {
          index: 0,
          passed: false,
          verdict: 'Wrong Answer',
          timeMs: 1,
          memoryKb: 1,
          hidden: true,
          input: `${HIDDEN_MARKER}-in`,
          expectedOutput: `${HIDDEN_MARKER}-out`,
          output: `${HIDDEN_MARKER}-echo`,
        },
      ],
    })
    .returning();
  submissionId = sub!.id;
  rivalOwner = await registerVerifiedOwner(t);
});

/** Every answer a reviewer reads that carried hidden cases or the model solution before issue 42. */
async function reviewerReads(who: SignedInUser) {
  const as = t.as(who);
  return {
    problem: await as.get(`/api/coding-tests/${problemId}`),
    list: await as.get(`/api/coding-tests?testId=${testId}`),
    questions: await as.get(`/api/tests/${testId}/questions`),
    submission: await as.get(`/api/submissions/${submissionId}`),
    all: await as.get(`/api/submissions/all?testId=${testId}`),
    page: await as.get(`/api/review/tests/${testId}/submissions`),
    exported: await as.get(`/api/coding-tests/${problemId}/export`),
  };
}

describe('reviewers and hidden cases (issue 42)', () => {
  it('a reviewer reads the problems and results without hidden cases or the solution by default', async () => {
    expect((await t.as(team.reviewer).get(ACCESS)).json()).toEqual({ reviewersSeeHidden: false, youSeeHidden: false });
    const reads = await reviewerReads(team.reviewer);
    for (const [name, res] of Object.entries(reads)) {
      if (name === 'exported') continue;
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.body, name).not.toContain(HIDDEN_MARKER);
    }
    expect(reads.problem.json()).toMatchObject({ withheld: true, hiddenCaseCount: 2, testCases: [], solution: '' });
    expect(reads.questions.json().problems[0]).toMatchObject({ withheld: true, hiddenCaseCount: 2 });
    expect(reads.submission.json().results[0]).toMatchObject({ hidden: true, withheld: true, verdict: 'Wrong Answer' });
    expect(reads.page.json().items[0].results[0]).toMatchObject({ hidden: true, withheld: true });
    // The package holds everything: refused, saying why.
    expect(reads.exported.statusCode).toBe(403);
    expect(reads.exported.json().message).toMatch(/keeps hidden test cases and model solutions from reviewers/);
  });

  it('owners, admins and authors read everything whatever the setting', async () => {
    for (const who of [team.owner, team.admin, team.recruiter]) {
      const res = await t.as(who).get(`/api/coding-tests/${problemId}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(HIDDEN_MARKER);
      expect(res.json().withheld).toBeUndefined();
      expect((await t.as(who).get(`/api/submissions/${submissionId}`)).body).toContain(HIDDEN_MARKER);
    }
  });

  it('a reviewer cannot turn it on (403) and another company can neither read nor change it', async () => {
    const refused = await t.as(team.reviewer).put(ACCESS, { reviewersSeeHidden: true });
    expect(refused.statusCode).toBe(403);
    expect((await t.as(team.recruiter).put(ACCESS, { reviewersSeeHidden: true })).statusCode).toBe(403);
    // Another company's owner reads and changes only their own company's setting.
    const rival = await t.as(rivalOwner).put(ACCESS, { reviewersSeeHidden: true });
    expect(rival.statusCode).toBe(200);
    expect((await t.as(team.reviewer).get(ACCESS)).json().reviewersSeeHidden).toBe(false);
    expect((await t.as(rivalOwner).get(`/api/coding-tests/${problemId}`)).statusCode).toBe(404);
    expect((await t.as(rivalOwner).get(`/api/submissions/${submissionId}`)).statusCode).toBe(404);
    expect((await t.as(team.reviewer).get(`/api/coding-tests/${problemId}`)).body).not.toContain(HIDDEN_MARKER);
    expect((await t.as(team.reviewer).put(ACCESS, { reviewersSeeHidden: 'yes' })).statusCode).toBe(400);
  });

  it('after an admin turns it on the reviewer reads them, and the change is in the audit log', async () => {
    const on = await t.as(team.admin).put(ACCESS, { reviewersSeeHidden: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ reviewersSeeHidden: true, youSeeHidden: true });
    expect((await t.as(team.reviewer).get(ACCESS)).json()).toEqual({ reviewersSeeHidden: true, youSeeHidden: true });
    const reads = await reviewerReads(team.reviewer);
    for (const [name, res] of Object.entries(reads)) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      if (name !== 'exported') expect(res.body, name).toContain(HIDDEN_MARKER);
    }
    expect(reads.problem.json().withheld).toBeUndefined();

    const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.companyId, team.owner.companyId!));
    const changes = rows.filter((r) => r.action === 'company.reviewer_access_changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ actorId: team.admin.id, detail: { reviewersSeeHidden: true, was: false } });
    // The reviewer's read of the hidden cases is on record now that it happened (and was not before).
    const reads_ = rows.filter((r) => r.action === 'problem.hidden_cases_read' && r.actorId === team.reviewer.id);
    expect(reads_).toHaveLength(1);
    const trail = await t.as(team.owner).get('/api/companies/audit');
    expect(trail.body).toContain('company.reviewer_access_changed');

    // Off again: withheld again.
    expect((await t.as(team.owner).put(ACCESS, { reviewersSeeHidden: false })).statusCode).toBe(200);
    expect((await t.as(team.reviewer).get(`/api/coding-tests/${problemId}`)).body).not.toContain(HIDDEN_MARKER);
  });
});
