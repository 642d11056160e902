import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { problemBody } from '../../../test/fixtures/authoring';
import { seedAttempt, seedSubmission } from '../../../test/fixtures/review';
import { useSignedIn, useTestApp } from '../../../test/support';
import { users } from '../../db/schema';
import { recordAudit } from './audit.service';

const t = useTestApp();
const admin = useSignedIn(t, { role: 'employer' });

async function auditActions(): Promise<{ action: string; targetId: string; detail: Record<string, unknown> }[]> {
  const res = await t.as(admin).get('/api/companies/audit?pageSize=200');
  expect(res.statusCode).toBe(200);
  return res.json().entries;
}

describe('audit log', () => {
  it('records sign-in (and failed sign-in) with actor and IP', async () => {
    const entries = await auditActions();
    const signIn = entries.find((e) => e.action === 'auth.sign_in');
    expect(signIn).toMatchObject({ targetId: admin.id });
    expect((signIn as unknown as { ip: string }).ip).toBe('127.0.0.1');
    await t.as(null).post('/api/users/login', { email: admin.email, password: 'wrong-pass1' });
    expect((await auditActions()).some((e) => e.action === 'auth.sign_in_failed')).toBe(true);
  });

  it('records token creation, test deletion, status change and results export', async () => {
    await t.as(admin).post('/api/companies/api-tokens', { name: 'ATS', scopes: ['results:read'] });
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50] });
    const candidate = await createSignedInUser(t.app);
    const attempt = await seedAttempt(t.deps.db, test.id, candidate.id);
    const status = await t.as(admin).put(`/api/review/attempts/${attempt.id}/status`, { status: 'shortlisted' });
    expect(status.statusCode).toBe(200);
    const csv = await t.as(admin).get(`/api/review/tests/${test.id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    const del = await t.as(admin).delete(`/api/tests/${test.id}`);
    expect(del.statusCode).toBe(200);
    const entries = await auditActions();
    expect(entries.find((e) => e.action === 'api_token.created')?.detail).toMatchObject({ name: 'ATS' });
    expect(entries.find((e) => e.action === 'candidate.status_changed')).toMatchObject({
      targetId: attempt.id,
      detail: { status: 'shortlisted' },
    });
    expect(entries.find((e) => e.action === 'data.exported')).toMatchObject({ targetId: test.id });
    expect(entries.find((e) => e.action === 'test.deleted')).toMatchObject({ targetId: test.id });
  });

  it('records role changes and member removal', async () => {
    const mate = await createSignedInUser(t.app, { role: 'employer' });
    await t.deps.db
      .update(users)
      .set({ companyId: admin.companyId, companyRole: 'recruiter' })
      .where(eq(users.id, mate.id));
    const role = await t.as(admin).put(`/api/companies/members/${mate.id}`, { role: 'reviewer' });
    expect(role.statusCode).toBe(200);
    const removed = await t.as(admin).delete(`/api/companies/members/${mate.id}`);
    expect(removed.statusCode).toBe(200);
    const entries = await auditActions();
    expect(entries.find((e) => e.action === 'member.role_changed')).toMatchObject({
      targetId: mate.id,
      detail: { role: 'reviewer' },
    });
    expect(entries.find((e) => e.action === 'member.removed')).toMatchObject({ targetId: mate.id });
  });

  it('records a problem edit only once candidates have submitted, and a re-judge', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50] });
    const problem = problems[0]!;
    const edit = () => t.as(admin).put(`/api/coding-tests/${problem.id}`, problemBody('AUDIT', { marks: 50 }));
    expect((await edit()).statusCode).toBe(200);
    const edited = () => auditActions().then((es) => es.filter((e) => e.action === 'problem.edited_after_submissions'));
    expect(await edited()).toHaveLength(0);
    const candidate = await createSignedInUser(t.app);
    await seedSubmission(t.deps.db, {
      testId: test.id,
      userId: candidate.id,
      problem,
      questionNumber: 0,
      passed: 1,
      total: 1,
    });
    expect((await edit()).statusCode).toBe(200);
    expect(await edited()).toMatchObject([{ targetId: problem.id }]);
    const rejudge = await t.as(admin).post(`/api/coding-tests/${problem.id}/rejudge`);
    expect(rejudge.statusCode).toBe(200);
    expect((await auditActions()).find((e) => e.action === 'problem.rejudged')).toMatchObject({ targetId: problem.id });
  });

  it('does not record refused actions', async () => {
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const { test } = await buildCodingTest(t.deps.db, { employer: other, marks: [50, 50] });
    const del = await t.as(admin).delete(`/api/tests/${test.id}`);
    expect(del.statusCode).toBe(404);
    expect((await auditActions()).some((e) => e.targetId === test.id)).toBe(false);
  });

  it("is readable only by the company's owner, and only its own entries", async () => {
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const entries = await t.as(other).get('/api/companies/audit');
    expect(entries.json().entries.every((e: { actorId: string }) => e.actorId === other.id)).toBe(true);
    // An admin manages tokens and webhooks but does not read the audit log.
    await t.deps.db.update(users).set({ companyRole: 'admin' }).where(eq(users.id, other.id));
    const asAdmin = await t.as(other).get('/api/companies/audit');
    expect(asAdmin.statusCode).toBe(403);
    const tokens = await t.as(other).get('/api/companies/api-tokens');
    expect(tokens.statusCode).toBe(200);
    await t.deps.db.update(users).set({ companyRole: 'recruiter' }).where(eq(users.id, other.id));
    const recruiter = await t.as(other).get('/api/companies/audit');
    expect(recruiter.statusCode).toBe(403);
    const candidate = await createSignedInUser(t.app);
    const c = await t.as(candidate).get('/api/companies/audit.csv');
    expect(c.statusCode).toBe(403);
  });

  it('paginates newest first', async () => {
    for (let i = 0; i < 3; i++) {
      await recordAudit(t.deps.db, { companyId: admin.companyId, actorId: admin.id, action: `test.page.${i}` });
    }
    const res = await t.as(admin).get('/api/companies/audit?page=1&pageSize=2');
    const body = res.json();
    expect(body.entries).toHaveLength(2);
    expect(body.total).toBeGreaterThan(3);
    const bad = await t.as(admin).get('/api/companies/audit?pageSize=5000');
    expect(bad.statusCode).toBe(400);
  });

  it('exports CSV with formula cells neutralised, and records the export', async () => {
    await recordAudit(t.deps.db, {
      companyId: admin.companyId,
      actorId: admin.id,
      action: 'custom',
      targetType: '=HYPERLINK("http://evil")',
      targetId: '+1',
    });
    const res = await t.as(admin).get('/api/companies/audit.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\r\n')[0]).toBe('time,action,actor_id,actor_email,target_type,target_id,ip,detail');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain(",'+1,");
    expect(res.body).not.toMatch(/,=HYPERLINK/);
    const entries = await auditActions();
    expect(entries.some((e) => e.action === 'data.exported' && e.detail.what === 'audit_log')).toBe(true);
  });
});
