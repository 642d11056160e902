/**
 * Issue 26: the company profile that one-step sign-up leaves for later is edited in Settings by owners and
 * admins only (URLs normalised as at sign-up), and the company's choice to show candidates their score or not
 * reaches the answers to the candidate: the take state, the submissions of the test page, the submissions API
 * and the candidate's list of tests (the X-Submission-Score header of a judged submit follows the same rule;
 * not exercised here).
 */
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser, startCodingAttempt } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { useTeam, useTestApp } from '../../../test/support';

const t = useTestApp();
const team = useTeam(t);

const profile = (extra: Record<string, unknown> = {}) => ({
  companyName: 'Acme Hiring',
  website: 'acme.example',
  industry: 'Technology',
  companySize: '11-50',
  establishedYear: 2015,
  description: 'We build things.',
  linkedinUrl: 'linkedin.com/company/acme',
  showCandidateScore: true,
  ...extra,
});

describe('PUT /api/companies/me (the profile and settings)', () => {
  it('an owner and an admin edit the profile; addresses without a scheme get https://', async () => {
    const res = await call(t.app, 'PUT', '/api/companies/me', team.owner, profile());
    expect(res.statusCode).toBe(200);
    expect(res.json().company).toMatchObject({
      name: 'Acme Hiring',
      website: 'https://acme.example',
      industry: 'Technology',
      companySize: '11-50',
      establishedYear: 2015,
      description: 'We build things.',
      linkedinUrl: 'https://linkedin.com/company/acme',
      showCandidateScore: true,
    });
    const byAdmin = await call(t.app, 'PUT', '/api/companies/me', team.admin, profile({ website: '', industry: '' }));
    expect(byAdmin.statusCode).toBe(200);
    const read = await call(t.app, 'GET', '/api/companies/me', team.reviewer);
    // blanks clear a field; everyone in the company reads the result
    expect(read.json().company).toMatchObject({ website: null, industry: null, companySize: '11-50' });
    const audit = await t.deps.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE company_id = $1 AND action = 'company.updated'",
      [team.owner.companyId],
    );
    expect(audit).toHaveLength(2);
  });

  it('a recruiter and a reviewer may not, and are told which roles may; nothing changes', async () => {
    for (const [who, role] of [
      [team.recruiter, 'recruiter'],
      [team.reviewer, 'reviewer'],
    ] as const) {
      const res = await call(t.app, 'PUT', '/api/companies/me', who, profile({ companyName: 'Hijacked' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(`Changing company settings needs the owner or admin role; your role is ${role}.`);
    }
    const read = await call(t.app, 'GET', '/api/companies/me', team.owner);
    expect(read.json().company.name).not.toBe('Hijacked');
  });

  it('a signed-out visitor gets 401 and a candidate 403', async () => {
    expect((await call(t.app, 'PUT', '/api/companies/me', null, profile())).statusCode).toBe(401);
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    expect((await call(t.app, 'PUT', '/api/companies/me', candidate, profile())).statusCode).toBe(403);
  });

  it('refuses a website without a dot, a bad LinkedIn page, a future year and a blank name, field by field', async () => {
    const res = await call(
      t.app,
      'PUT',
      '/api/companies/me',
      team.owner,
      profile({ companyName: '  ', website: 'localhost', linkedinUrl: 'example.com/acme', establishedYear: 3000 }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {}).sort()).toEqual(
      ['companyName', 'establishedYear', 'linkedinUrl', 'website'].sort(),
    );
  });

  it('the choice is required (a profile-only body does not silently switch scores on or off)', async () => {
    const { showCandidateScore: _omit, ...rest } = profile();
    const res = await call(t.app, 'PUT', '/api/companies/me', team.owner, rest);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('showCandidateScore');
  });
});

describe('show candidates their score or not', () => {
  async function candidateWithJudgedSubmission(): Promise<{ candidate: SignedInUser; testId: string }> {
    const owner = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, team.owner.id) });
    const { test, problems } = await buildCodingTest(t.deps.db, { employer: owner!, marks: [25] });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    const attempt = await startCodingAttempt(t.deps, candidate.id, test.id);
    await t.deps.database.query(
      `INSERT INTO submissions (test_id, user_id, attempt_id, question_id, question_number, language, code, status,
         verdict, passed_count, total_count, score, max_score, results)
       VALUES ($1, $2, $3, $4, 1, 'python', 'print(1)', 'judged', 'Wrong Answer', 3, 4, 18.75, 25, '[]')`,
      [test.id, candidate.id, attempt.id, problems[0]!.id],
    );
    expect((await call(t.app, 'POST', `/api/attempts/${test.id}/end`, candidate, {})).statusCode).toBe(200);
    return { candidate, testId: test.id };
  }

  it('on (the default): the candidate reads the marks everywhere', async () => {
    await call(t.app, 'PUT', '/api/companies/me', team.owner, profile({ showCandidateScore: true }));
    const { candidate, testId } = await candidateWithJudgedSubmission();
    const take = (await call(t.app, 'GET', `/api/attempts/take/${testId}`, candidate)).json();
    expect(take.scoreHidden).toBeUndefined();
    // (a coding attempt's own score holds its written questions' part, none here: the code's marks are below)
    const own = (await call(t.app, 'GET', `/api/attempts/${testId}/submissions`, candidate)).json();
    expect(own[0]).toMatchObject({ score: 18.75, maxScore: 25, passedCount: 3, totalCount: 4 });
    const all = (await call(t.app, 'GET', `/api/submissions/all?testId=${testId}`, candidate)).json();
    expect(all[0]).toMatchObject({ score: 18.75, maxScore: 25 });
    const mine = (await call(t.app, 'GET', '/api/me/tests', candidate)).json();
    expect(mine.find((m: { testId: string }) => m.testId === testId)).toMatchObject({ score: 18.8, maxScore: 25 });
  });

  it('off: no answer to the candidate carries a mark; the company still sees them; back on shows them again', async () => {
    await call(t.app, 'PUT', '/api/companies/me', team.owner, profile({ showCandidateScore: false }));
    const { candidate, testId } = await candidateWithJudgedSubmission();
    const take = (await call(t.app, 'GET', `/api/attempts/take/${testId}`, candidate)).json();
    expect(take.scoreHidden).toBe(true);
    expect(take.attempt).toMatchObject({ score: null, maxScore: null });
    const own = (await call(t.app, 'GET', `/api/attempts/${testId}/submissions`, candidate)).json();
    // the cases passed stay (the feedback the test gave while it ran); the marks do not
    expect(own[0]).toMatchObject({ score: null, maxScore: null, passedCount: 3, totalCount: 4 });
    const all = (await call(t.app, 'GET', `/api/submissions/all?testId=${testId}`, candidate)).json();
    expect(all[0]).toMatchObject({ score: null, maxScore: null });
    const one = (await call(t.app, 'GET', `/api/submissions/${all[0].id}`, candidate)).json();
    expect(one).toMatchObject({ score: null, maxScore: null });
    // the candidate's list of tests (their dashboard) carries no score either
    const mine = (await call(t.app, 'GET', '/api/me/tests', candidate)).json();
    expect(mine.find((m: { testId: string }) => m.testId === testId)).toMatchObject({
      state: 'completed',
      score: null,
      maxScore: null,
    });
    // the company's own view keeps the figures
    const employerView = (await call(t.app, 'GET', `/api/submissions/${all[0].id}`, team.owner)).json();
    expect(employerView).toMatchObject({ score: 18.75, maxScore: 25 });
    // a member previewing the company's own test still sees the score
    const preview = await call(t.app, 'POST', `/api/attempts/${testId}/start`, team.recruiter, {});
    expect(preview.json().scoreHidden).toBeUndefined();

    await call(t.app, 'PUT', '/api/companies/me', team.owner, profile({ showCandidateScore: true }));
    const again = (await call(t.app, 'GET', `/api/attempts/${testId}/submissions`, candidate)).json();
    expect(again[0]).toMatchObject({ score: 18.75, maxScore: 25 });
  });
});
