/**
 * Roles × actions (issue 13): owner, admin, recruiter and reviewer against every guarded call, through the API.
 * Every refusal is a 403 whose message names the role needed.
 */
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser, uniqueEmail } from '../../../test/factories';
import { call, createTestAs, problemBody } from '../../../test/fixtures/authoring';
import { tokenFromOutbox } from '../../../test/fixtures/companies';
import { joinAs, type Role, registerVerifiedOwner } from '../../../test/fixtures/team';
import { useTeam, useTestApp } from '../../../test/support';

const t = useTestApp();
const team = useTeam(t);

const ROLES: Role[] = ['owner', 'admin', 'recruiter', 'reviewer'];
const MANAGERS: Role[] = ['owner', 'admin'];
const AUTHORS: Role[] = ['owner', 'admin', 'recruiter'];

async function attemptOn(testId: string): Promise<string> {
  const candidate = await createSignedInUser(t.app, { role: 'candidate' });
  const [row] = await t.deps.database.query<{ id: string }>(
    "INSERT INTO attempts (test_id, user_id, deadline_at) VALUES ($1, $2, now() + interval '1 hour') RETURNING id",
    [testId, candidate.id],
  );
  return row!.id;
}

interface Row {
  action: string;
  allowed: Role[];
  needs: string;
  /** Sets up what the call needs (as the owner) and makes the call as `user`. */
  run: (user: SignedInUser) => Promise<{ statusCode: number; json: () => { message?: string; code?: string } }>;
}

const rows: Row[] = [
  {
    action: 'create a test',
    allowed: AUTHORS,
    needs: 'Creating and editing tests needs the owner, admin or recruiter role',
    run: (u) => call(t.app, 'POST', '/api/tests/create', u, { testName: 'T', testType: 'CODING', duration: 30 }),
  },
  {
    action: 'edit a test',
    allowed: AUTHORS,
    needs: 'Creating and editing tests needs the owner, admin or recruiter role',
    run: async (u) => {
      const test = await createTestAs(t.app, team.owner);
      return call(t.app, 'PUT', `/api/tests/${test.id}`, u, { testName: 'Renamed' });
    },
  },
  {
    action: 'add a coding problem',
    allowed: AUTHORS,
    needs: 'Creating and editing tests needs the owner, admin or recruiter role',
    run: async (u) => {
      const test = await createTestAs(t.app, team.owner);
      return call(t.app, 'POST', '/api/coding-tests', u, { ...problemBody('m'), testId: test.id });
    },
  },
  {
    action: "delete a colleague's test",
    allowed: MANAGERS,
    needs: 'Deleting tests needs the owner or admin role (or the recruiter who created it)',
    run: async (u) => {
      const test = await createTestAs(t.app, team.owner);
      return call(t.app, 'DELETE', `/api/tests/${test.id}`, u);
    },
  },
  {
    // Issue 23: re-judging changes candidates' scores; it needs the author's permission.
    action: 're-judge a problem',
    allowed: AUTHORS,
    needs: 'Creating and editing tests needs the owner, admin or recruiter role',
    run: async (u) => {
      const test = await createTestAs(t.app, team.owner);
      const problem = await call(t.app, 'POST', '/api/coding-tests', team.owner, {
        ...problemBody('rj'),
        testId: test.id,
      });
      return call(t.app, 'POST', `/api/coding-tests/${problem.json().id}/rejudge`, u);
    },
  },
  {
    action: 'invite candidates',
    allowed: AUTHORS,
    needs: 'Inviting candidates needs the owner, admin or recruiter role',
    run: async (u) => {
      const test = await createTestAs(t.app, team.owner);
      return call(t.app, 'POST', '/api/invitations', u, { testId: test.id, emails: [uniqueEmail('cand')] });
    },
  },
  {
    action: 'list invitations',
    allowed: ROLES,
    needs: '',
    run: async (u) => {
      const test = await createTestAs(t.app, team.owner);
      return call(t.app, 'GET', `/api/invitations?testId=${test.id}`, u);
    },
  },
  {
    action: 'read results',
    allowed: ROLES,
    needs: '',
    run: async (u) => {
      const test = await createTestAs(t.app, team.owner);
      return call(t.app, 'GET', `/api/review/tests/${test.id}/results`, u);
    },
  },
  {
    action: 'change a hiring status',
    allowed: AUTHORS,
    needs: 'Changing a hiring status needs the owner, admin or recruiter role',
    run: async (u) => {
      const test = await createTestAs(t.app, team.owner);
      const attemptId = await attemptOn(test.id);
      return call(t.app, 'PUT', `/api/review/attempts/${attemptId}/status`, u, { status: 'rejected' });
    },
  },
  {
    action: 'edit email templates',
    allowed: MANAGERS,
    needs: 'Editing email templates needs the owner or admin role',
    run: (u) =>
      call(t.app, 'PUT', '/api/review/templates', u, { kind: 'reminder', subject: 'Hi', body: 'Reminder body' }),
  },
  {
    action: 'list members',
    allowed: ROLES,
    needs: '',
    run: (u) => call(t.app, 'GET', '/api/companies/members', u),
  },
  {
    action: 'invite a colleague',
    allowed: MANAGERS,
    needs: 'Managing team members needs the owner or admin role',
    run: (u) => call(t.app, 'POST', '/api/companies/invitations', u, { email: uniqueEmail('mate'), role: 'reviewer' }),
  },
  {
    action: "change a member's role",
    allowed: MANAGERS,
    needs: 'Managing team members needs the owner or admin role',
    run: async (u) => {
      const target = await joinAs(t, team.owner, 'reviewer');
      return call(t.app, 'PUT', `/api/companies/members/${target.id}`, u, { role: 'recruiter' });
    },
  },
  {
    action: 'remove a member',
    allowed: MANAGERS,
    needs: 'Managing team members needs the owner or admin role',
    run: async (u) => {
      const target = await joinAs(t, team.owner, 'reviewer');
      return call(t.app, 'DELETE', `/api/companies/members/${target.id}`, u);
    },
  },
  {
    action: 'revoke a team invitation',
    allowed: MANAGERS,
    needs: 'Managing team members needs the owner or admin role',
    run: async (u) => {
      const invite = await call(t.app, 'POST', '/api/companies/invitations', team.owner, {
        email: uniqueEmail('later'),
        role: 'recruiter',
      });
      return call(t.app, 'DELETE', `/api/companies/invitations/${invite.json().id}`, u);
    },
  },
];

describe('every role × action', () => {
  for (const row of rows) {
    for (const role of ROLES) {
      const allowed = row.allowed.includes(role);
      it(`${role} ${allowed ? 'may' : 'may not'} ${row.action}`, async () => {
        const res = await row.run(team[role]);
        if (allowed) {
          expect(res.statusCode, JSON.stringify(res.json())).toBeLessThan(300);
        } else {
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
          expect(res.json().message).toBe(`${row.needs}; your role is ${role}.`);
        }
      });
    }
  }
});

describe('role rules beyond the table', () => {
  it('the model-solution check needs the author permission (a reviewer is refused before the judge)', async () => {
    const test = await createTestAs(t.app, team.owner);
    const problem = await call(t.app, 'POST', '/api/coding-tests', team.owner, {
      ...problemBody('ck'),
      solutionLanguage: 'javascript',
      testId: test.id,
    });
    expect(problem.statusCode).toBe(201);
    const url = `/api/coding-tests/${problem.json().id}/check`;
    const reviewer = await call(t.app, 'POST', url, team.reviewer);
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json().message).toBe(
      'Creating and editing tests needs the owner, admin or recruiter role; your role is reviewer.',
    );
    // An author passes the policy and reaches the judge (absent from this app: 503).
    expect((await call(t.app, 'POST', url, team.recruiter)).statusCode).toBe(503);
  });

  it('a recruiter may delete a test they created, not one a colleague created', async () => {
    const own = await createTestAs(t.app, team.recruiter);
    expect((await call(t.app, 'DELETE', `/api/tests/${own.id}`, team.recruiter)).statusCode).toBe(200);
  });

  it('only an owner grants or changes the owner role, and a company keeps one owner', async () => {
    const mate = await joinAs(t, team.owner, 'recruiter');
    const byAdmin = await call(t.app, 'PUT', `/api/companies/members/${mate.id}`, team.admin, { role: 'owner' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toMatch(/needs the owner role; your role is admin/);
    const demote = await call(t.app, 'PUT', `/api/companies/members/${team.owner.id}`, team.admin, {
      role: 'recruiter',
    });
    expect(demote.statusCode).toBe(403);
    const removeOwner = await call(t.app, 'DELETE', `/api/companies/members/${team.owner.id}`, team.admin);
    expect(removeOwner.statusCode).toBe(403);
    expect(removeOwner.json().message).toMatch(/needs the owner role/);

    // The last owner cannot step down; after handing over ownership they can.
    const self = await call(t.app, 'PUT', `/api/companies/members/${team.owner.id}`, team.owner, { role: 'admin' });
    expect(self.statusCode).toBe(409);
    const promote = await call(t.app, 'PUT', `/api/companies/members/${mate.id}`, team.owner, { role: 'owner' });
    expect(promote.json()).toMatchObject({ id: mate.id, companyRole: 'owner' });
    const members = (await call(t.app, 'GET', '/api/companies/members', team.reviewer)).json() as {
      id: string;
      companyRole: string;
    }[];
    expect(members.find((m) => m.id === mate.id)?.companyRole).toBe('owner');
    // Hand it back so the other tests keep their shape.
    await call(t.app, 'PUT', `/api/companies/members/${mate.id}`, team.owner, { role: 'recruiter' });
  });

  it('a removed member is signed out and no longer sees the company; members of other companies are 404', async () => {
    const gone = await joinAs(t, team.owner, 'recruiter');
    const test = await createTestAs(t.app, team.owner);
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`, gone)).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/companies/members/${gone.id}`, team.admin)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`, gone)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: gone.email, password: gone.password },
    });
    expect(login.json()).toMatchObject({ companyId: null, companyRole: null, role: 'candidate' });

    const other = await registerVerifiedOwner(t);
    const res = await call(t.app, 'PUT', `/api/companies/members/${other.id}`, team.owner, { role: 'reviewer' });
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/companies/members/${other.id}`, team.owner)).statusCode).toBe(404);
  });

  it('a team invitation grants its role; a revoked one stops working and leaves the pending list', async () => {
    const email = uniqueEmail('rev');
    const invite = await call(t.app, 'POST', '/api/companies/invitations', team.admin, { email, role: 'reviewer' });
    expect(invite.json()).toMatchObject({ email, role: 'reviewer' });
    const me = (await call(t.app, 'GET', '/api/companies/me', team.owner)).json();
    expect(me.invitations.find((i: { email: string }) => i.email === email)).toMatchObject({ role: 'reviewer' });
    const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), email, '/join');
    expect((await call(t.app, 'DELETE', `/api/companies/invitations/${invite.json().id}`, team.owner)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', `/api/companies/invitations/${token}`)).json().code).toBe('TOKEN_INVALID');
    const after = (await call(t.app, 'GET', '/api/companies/me', team.owner)).json();
    expect(after.invitations.some((i: { email: string }) => i.email === email)).toBe(false);
    // Revoking twice, or another company's invitation, is a 404.
    expect((await call(t.app, 'DELETE', `/api/companies/invitations/${invite.json().id}`, team.owner)).statusCode).toBe(
      404,
    );
    const bad = await call(t.app, 'POST', '/api/companies/invitations', team.owner, { email, role: 'owner' });
    expect(bad.statusCode).toBe(400);
  });

  it('a candidate is refused with a message naming the employer roles', async () => {
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    const res = await call(t.app, 'GET', '/api/companies/members', candidate);
    expect(res.statusCode).toBe(403);
  });
});

describe('verified senders', () => {
  it('an unverified owner cannot invite candidates or colleagues or edit templates until the link is followed', async () => {
    const owner = await registerVerifiedOwner(t, { verify: false });
    const test = await createTestAs(t.app, owner);
    const target = uniqueEmail('target');
    const invite = await call(t.app, 'POST', '/api/invitations', owner, { testId: test.id, emails: [target] });
    expect(invite.statusCode).toBe(403);
    expect(invite.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(invite.json().message).toMatch(/Verify your email address before sending invitations/);
    const tpl = await call(t.app, 'PUT', '/api/review/templates', owner, { kind: 'reminder', subject: 'S', body: 'B' });
    expect(tpl.json().code).toBe('EMAIL_NOT_VERIFIED');
    const mate = await call(t.app, 'POST', '/api/companies/invitations', owner, { email: uniqueEmail() });
    expect(mate.json().code).toBe('EMAIL_NOT_VERIFIED');
    const mailedTo = async () =>
      (
        await t.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE to_address = $1', [
          target,
        ])
      )[0]!.n;
    expect(await mailedTo()).toBe(0);

    const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), owner.email, '/verify-email');
    expect((await call(t.app, 'POST', '/api/users/verify-email', null, { token })).statusCode).toBe(200);
    const again = await call(t.app, 'POST', '/api/invitations', owner, { testId: test.id, emails: [target] });
    expect(again.statusCode).toBe(201);
    expect(await mailedTo()).toBe(1);
  });

  it('an employer from /signup gets the same verification mail and call; resend tells the truth about the cooldown', async () => {
    const emp = await createSignedInUser(t.app, { role: 'employer', verified: false });
    const me = await call(t.app, 'GET', '/api/users/me', emp);
    expect(me.json()).toMatchObject({ emailVerified: false, companyRole: 'owner' });
    const soon = await call(t.app, 'POST', '/api/users/resend-verification', emp);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/less than a minute ago.*try again in \d+ seconds/);
    t.clock.advance(61_000);
    try {
      const later = await call(t.app, 'POST', '/api/users/resend-verification', emp);
      expect(later.json()).toMatchObject({ sent: true });
      const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), emp.email, '/verify-email');
      expect((await call(t.app, 'POST', '/api/users/verify-email', null, { token })).json()).toMatchObject({
        ok: true,
        email: emp.email,
      });
      expect((await call(t.app, 'GET', '/api/users/me', emp)).json().emailVerified).toBe(true);
      expect((await call(t.app, 'POST', '/api/users/resend-verification', emp)).json()).toMatchObject({ sent: false });
      // The company call keeps working (and a used link is refused there too).
      const again = await call(t.app, 'POST', '/api/companies/verify-email', null, { token });
      expect(again.json().code).toBe('TOKEN_INVALID');
    } finally {
      t.clock.set(new Date());
    }
  });

  it('one password rule on /api/users/add, reset and team invitations (common passwords refused)', async () => {
    const signUp = (password: string) =>
      call(t.app, 'POST', '/api/users/add', null, {
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail('weak'),
        password,
      });
    const add = await signUp('aaaaaaaa');
    expect(add.json().fields.password).toBe('Password must contain uppercase, lowercase, and number');
    const common = await signUp('Password1');
    expect(common.json().fields.password).toBe('This password is too common; choose one that is harder to guess');
    const reset = await call(t.app, 'POST', '/api/users/reset-password', null, {
      token: 'x'.repeat(40),
      password: 'abcdefgh',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().fields.password).toBe('Password must contain uppercase, lowercase, and number');
    const email = uniqueEmail('joiner');
    await call(t.app, 'POST', '/api/companies/invitations', team.owner, { email, role: 'reviewer' });
    const token = await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), email, '/join');
    const weakJoin = await call(t.app, 'POST', `/api/companies/invitations/${token}/accept`, null, {
      firstName: 'J',
      lastName: 'O',
      password: 'Welcome1',
    });
    expect(weakJoin.json().fields.password).toBe('This password is too common; choose one that is harder to guess');
  });
});
