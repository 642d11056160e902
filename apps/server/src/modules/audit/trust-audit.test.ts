/**
 * Issue 23: the actions the audit trail used to miss are recorded with actor, target, time and address, in
 * the same table the owner reads and exports.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, uniqueEmail } from '../../../test/factories';
import { createTestAs, problemBody } from '../../../test/fixtures/authoring';
import { tokenFromOutbox } from '../../../test/fixtures/companies';
import { joinAs } from '../../../test/fixtures/team';
import { useSignedIn, useTestApp } from '../../../test/support';

const t = useTestApp();
const owner = useSignedIn(t, { role: 'employer' });

interface Entry {
  action: string;
  actorId: string | null;
  targetType: string;
  targetId: string;
  ip: string;
  createdAt: string;
  detail: Record<string, unknown>;
}

async function entries(): Promise<Entry[]> {
  const res = await t.as(owner).get('/api/companies/audit?pageSize=200');
  expect(res.statusCode).toBe(200);
  return res.json().entries;
}

function find(list: Entry[], action: string, targetId?: string): Entry {
  const found = list.find((e) => e.action === action && (targetId === undefined || e.targetId === targetId));
  expect(found, `${action} ${targetId ?? ''} recorded`).toBeDefined();
  expect(found!.ip).not.toBe('');
  expect(Number.isNaN(Date.parse(found!.createdAt))).toBe(false);
  return found!;
}

describe('audit entries for team, candidates, authoring and reads', () => {
  it('records team invitations sent, revoked and accepted', async () => {
    const pending = uniqueEmail('later');
    await t.as(owner).post('/api/companies/invitations', { email: pending, role: 'reviewer' });
    const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), pending, '/join');
    const id = createHash('sha256').update(token).digest('hex');
    expect((await t.as(owner).delete(`/api/companies/invitations/${id}`)).statusCode).toBe(200);
    const mate = await joinAs(t, owner, 'recruiter');
    const list = await entries();
    expect(find(list, 'member.invited', pending)).toMatchObject({ actorId: owner.id, detail: { role: 'reviewer' } });
    expect(find(list, 'member.invite_revoked', id).actorId).toBe(owner.id);
    expect(find(list, 'member.invite_accepted', mate.id).actorId).toBe(mate.id);
  });

  it('records candidate invitations, accommodations, test and template edits, export and hidden-case reads', async () => {
    const test = await createTestAs(t.app, owner);
    const batch = await t.as(owner).post(`/api/tests/${test.id}/questions/batch`, { problems: [problemBody('au')] });
    const problemId = batch.json().problems[0].id as string;
    const inv = await t.as(owner).post('/api/invitations', { testId: test.id, emails: [uniqueEmail('cand')] });
    const invitationId = inv.json().invited[0].id as string;
    await t.as(owner).post(`/api/invitations/${invitationId}/resend`, {});
    await t.as(owner).put(`/api/invitations/${invitationId}/accommodation`, { extraMinutes: 15, note: 'Dyslexia' });
    await t.as(owner).put(`/api/tests/${test.id}`, { description: 'Edited' });
    await t.as(owner).put('/api/review/templates', { kind: 'reminder', subject: 'Hi', body: 'Reminder body' });
    expect((await t.as(owner).get(`/api/coding-tests/${problemId}/export`)).statusCode).toBe(200);
    await t.as(owner).get(`/api/coding-tests/${problemId}`);
    await t.as(owner).get(`/api/tests/${test.id}/questions`);
    const list = await entries();
    expect(find(list, 'candidates.invited', test.id).detail).toMatchObject({ count: 1 });
    find(list, 'candidates.invite_resent', invitationId);
    expect(find(list, 'candidate.accommodation_set', invitationId).detail).toMatchObject({ extraMinutes: 15 });
    expect(find(list, 'test.edited', test.id).detail).toMatchObject({ fields: ['description'] });
    find(list, 'test.questions_added', test.id);
    find(list, 'template.edited', 'reminder');
    find(list, 'problem.exported', problemId);
    find(list, 'problem.hidden_cases_read', problemId);
    find(list, 'test.hidden_cases_read', test.id);
  });

  it('records results read with an API token, not the owner’s own reads in the app', async () => {
    const test = await createTestAs(t.app, owner);
    const made = await t.as(owner).post('/api/companies/api-tokens', { name: 'ats', scopes: ['results:read'] });
    const { id: tokenId, token } = made.json();
    await t.as(owner).get(`/api/review/tests/${test.id}/results`);
    expect((await entries()).some((e) => e.action === 'results.read_by_token' && e.targetId === test.id)).toBe(false);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/review/tests/${test.id}/results`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(200);
    expect(find(await entries(), 'results.read_by_token', test.id).detail).toMatchObject({ apiTokenId: tokenId });
  });

  // Issue 23: the candidate's side of an invitation is on the company's record too.
  it('records a candidate opening the invitation link and accepting it (by signing up or by starting)', async () => {
    const test = await createTestAs(t.app, owner, { access: 'invited' });
    await t.as(owner).post(`/api/tests/${test.id}/questions/batch`, { problems: [problemBody('inv')] });
    const newcomer = uniqueEmail('newcomer');
    const known = await createSignedInUser(t.app);
    const sent = await t.as(owner).post('/api/invitations', { testId: test.id, emails: [newcomer, known.email] });
    const [first, second] = sent.json().invited as { id: string; email: string }[];
    const rows = await t.deps.database.query<{ body_text: string }>(
      'SELECT body_text FROM outbox WHERE to_address = $1 ORDER BY created_at DESC',
      [newcomer],
    );
    const token = decodeURIComponent(/\/invite\/([A-Za-z0-9_%-]+)/.exec(rows[0]!.body_text)![1]!);
    // Opened by a visitor not signed in: recorded by address, with no actor.
    expect((await t.as(null).get(`/api/invitations/accept/${token}`)).statusCode).toBe(200);
    expect((await t.as(null).get(`/api/invitations/accept/${token}`)).statusCode).toBe(200); // a reload: one entry
    const signup = await t.as(null).post(`/api/invitations/accept/${token}/signup`, {
      firstName: 'New',
      lastName: 'Comer',
      password: 'Newcomer-pass1',
    });
    expect(signup.statusCode, signup.body).toBe(201);
    // An existing, verified candidate accepts by starting the invited test (once, not on every resume).
    expect((await t.as(known).post(`/api/attempts/${test.id}/start`)).statusCode).toBe(200);
    expect((await t.as(known).post(`/api/attempts/${test.id}/start`)).statusCode).toBe(200);
    const list = await entries();
    const ids = { [first!.email]: first!.id, [second!.email]: second!.id };
    expect(find(list, 'candidate.invite_opened', ids[newcomer]).actorId).toBeNull();
    expect(list.filter((e) => e.action === 'candidate.invite_opened' && e.targetId === ids[newcomer])).toHaveLength(1);
    expect(find(list, 'candidate.invite_accepted', ids[newcomer]).actorId).toBe(signup.json().id);
    expect(find(list, 'candidate.invite_accepted', ids[known.email]).actorId).toBe(known.id);
    expect(
      list.filter((e) => e.action === 'candidate.invite_accepted' && e.targetId === ids[known.email]),
    ).toHaveLength(1);
  });

  it('records every model-solution check, whatever its outcome, with the status and the error', async () => {
    const test = await createTestAs(t.app, owner);
    const batch = await t.as(owner).post(`/api/tests/${test.id}/questions/batch`, { problems: [problemBody('chk')] });
    const problemId = batch.json().problems[0].id as string;
    // No model-solution language yet: refused (422), and recorded.
    const refused = await t.as(owner).post(`/api/coding-tests/${problemId}/check`, {});
    expect(refused.statusCode).toBe(422);
    // A reviewer of the same company may not check (403): the attempt is recorded too.
    const reviewer = await joinAs(t, owner, 'reviewer');
    expect((await t.as(reviewer).post(`/api/coding-tests/${problemId}/check`, {})).statusCode).toBe(403);
    // Another company's employer gets 404 and leaves nothing on this company's record.
    const rival = await createSignedInUser(t.app, { role: 'employer' });
    expect((await t.as(rival).post(`/api/coding-tests/${problemId}/check`, {})).statusCode).toBe(404);
    const checks = (await entries()).filter((e) => e.action === 'problem.solution_checked' && e.targetId === problemId);
    expect(checks.map((e) => [e.actorId, e.detail.status, e.detail.error]).sort()).toEqual(
      [
        [owner.id, 422, 'NO_MODEL_SOLUTION'],
        [reviewer.id, 403, 'FORBIDDEN'],
      ].sort(),
    );
    for (const e of checks) expect(e.ip).not.toBe('');
  });
});
