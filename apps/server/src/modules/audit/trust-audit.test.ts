/**
 * Issue 23: the actions the audit trail used to miss are recorded with actor, target, time and address, in
 * the same table the owner reads and exports.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/factories';
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
});
