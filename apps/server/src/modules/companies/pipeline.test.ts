/**
 * Issue 26: custom pipeline stages per company. Everyone in the company reads the stages; owners and admins
 * change them; the built-in stages stay; a stage with candidates cannot be removed; candidates move to a
 * company's own stage one or many at once, mailed ("moved to <stage>") only with notify; another company
 * neither sees nor uses the stages.
 */
import { DEFAULT_PIPELINE } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { seedAttempt } from '../../../test/fixtures/review';
import { buildTeam } from '../../../test/fixtures/team';
import { useTeam, useTestApp } from '../../../test/support';
import { STATUS_UNDO_MS, sendDueStatusEmails } from '../review/status-mail';

const t = useTestApp();
const team = useTeam(t);

const mails = async (email: string) =>
  t.deps.database.query<{ kind: string; subject: string; body_text: string }>(
    "SELECT kind, subject, body_text FROM outbox WHERE to_address = $1 AND kind LIKE 'status_%' ORDER BY created_at",
    [email],
  );

const statusOf = async (id: string) =>
  (await t.deps.database.query<{ hiring_status: string }>('SELECT hiring_status FROM attempts WHERE id = $1', [id]))[0]
    ?.hiring_status;

async function mailDue() {
  t.clock.advance(STATUS_UNDO_MS + 1000);
  await sendDueStatusEmails(t.deps);
}

const keysAndLabels = (stages: { key?: string; label: string }[]) =>
  stages.map((s) => ({ key: s.key, label: s.label }));

describe('GET/PUT /api/companies/me/pipeline', () => {
  it('starts with the default pipeline, readable by every role, changeable by owners and admins only', async () => {
    for (const who of [team.owner, team.admin, team.recruiter, team.reviewer]) {
      const res = await call(t.app, 'GET', '/api/companies/me/pipeline', who);
      expect(res.statusCode).toBe(200);
      expect(res.json().stages).toEqual(DEFAULT_PIPELINE);
    }
    const body = { stages: keysAndLabels(DEFAULT_PIPELINE) };
    expect((await call(t.app, 'PUT', '/api/companies/me/pipeline', team.recruiter, body)).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', '/api/companies/me/pipeline', team.reviewer, body)).statusCode).toBe(403);
    const candidate = await createSignedInUser(t.app);
    expect((await call(t.app, 'GET', '/api/companies/me/pipeline', candidate)).statusCode).toBe(403);
  });

  it('adds, renames, reorders and removes own stages; keeps the built-in ones; explains what it refuses', async () => {
    const put = (stages: { key?: string; label: string }[], who = team.admin) =>
      call(t.app, 'PUT', '/api/companies/me/pipeline', who, { stages });
    const saved = await put([
      { key: 'pending', label: 'Applied' },
      { label: 'Phone screen' },
      { key: 'shortlisted', label: 'Shortlisted' },
      { key: 'interview', label: 'Onsite interview' },
      { key: 'rejected', label: 'Rejected' },
      { key: 'hired', label: 'Hired' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().stages).toEqual([
      { key: 'pending', label: 'Applied', builtIn: true, mail: null },
      { key: 'phone_screen', label: 'Phone screen', builtIn: false, mail: null },
      { key: 'shortlisted', label: 'Shortlisted', builtIn: true, mail: null },
      { key: 'interview', label: 'Onsite interview', builtIn: false, mail: null },
      { key: 'rejected', label: 'Rejected', builtIn: true, mail: null },
      { key: 'hired', label: 'Hired', builtIn: false, mail: null },
    ]);
    // the change is in the company's audit log, by whom and in what order
    const [entry] = await t.deps.database.query<{ actor_id: string; company_id: string; detail: { stages: string[] } }>(
      "SELECT actor_id, company_id, detail FROM audit_log WHERE action = 'company.pipeline_changed' AND actor_id = $1",
      [team.admin.id],
    );
    expect(entry).toEqual({
      actor_id: team.admin.id,
      company_id: team.admin.companyId,
      detail: { stages: ['pending', 'Phone screen', 'shortlisted', 'interview', 'rejected', 'hired'] },
    });
    // a reviewer reads what was saved
    expect((await call(t.app, 'GET', '/api/companies/me/pipeline', team.reviewer)).json().stages[1].label).toBe(
      'Phone screen',
    );

    const current = saved.json().stages as { key: string; label: string }[];
    const noRejected = await put(keysAndLabels(current.filter((s) => s.key !== 'rejected')));
    expect(noRejected.statusCode).toBe(400);
    expect(noRejected.json().message).toBe('Rejected is a built-in stage and cannot be removed');
    const renamed = await put(keysAndLabels(current.map((s) => (s.key === 'pending' ? { ...s, label: 'New' } : s))));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fields['stages.0.label']).toBe('Applied is a built-in stage and keeps its name');
    const twice = await put([...keysAndLabels(current), { label: 'hired' }]);
    expect(twice.json().fields['stages.6.label']).toBe('Two stages are named hired');
    const blank = await put([...keysAndLabels(current), { label: '  ' }]);
    expect(blank.json().fields['stages.6.label']).toBe('A stage needs a name');
    const unknown = await put([...keysAndLabels(current), { key: 'made_up', label: 'Made up' }]);
    expect(unknown.json().fields['stages.6.key']).toBe('Unknown stage');

    // a name with accents or no letters at all still gets a key
    const accents = await put([...keysAndLabels(current), { label: 'Entretien planifié' }, { label: '2nd round' }]);
    expect(
      accents
        .json()
        .stages.slice(6)
        .map((s: { key: string }) => s.key),
    ).toEqual(['entretien_planifie', 'nd_round']);

    // removing an own stage that is empty works
    const fewer = await put(keysAndLabels(current.filter((s) => s.key !== 'hired')));
    expect(fewer.statusCode).toBe(200);
    expect(fewer.json().stages.map((s: { key: string }) => s.key)).not.toContain('hired');

    // another company still has the default pipeline
    const other = await buildTeam(t);
    expect((await call(t.app, 'GET', '/api/companies/me/pipeline', other.owner)).json().stages).toEqual(
      DEFAULT_PIPELINE,
    );
  });

  it('moves candidates to an own stage, mails only with notify, and keeps a stage with candidates', async () => {
    const own = await call(t.app, 'GET', '/api/companies/me/pipeline', team.owner);
    const stages = own.json().stages as { key: string; label: string }[];
    const added = await call(t.app, 'PUT', '/api/companies/me/pipeline', team.owner, {
      stages: [...keysAndLabels(stages), { label: 'Take-home' }],
    });
    expect(added.statusCode).toBe(200);
    const { test } = await buildCodingTest(t.deps.db, { employer: team.owner, name: 'Stage round' });
    const a = await createSignedInUser(t.app, { firstName: 'Ada' });
    const b = await createSignedInUser(t.app, { firstName: 'Bo' });
    const attemptA = (await seedAttempt(t.deps.db, test.id, a.id)).id;
    const attemptB = (await seedAttempt(t.deps.db, test.id, b.id)).id;

    // many at once, silently
    const bulk = await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, team.recruiter, {
      attemptIds: [attemptA],
      status: 'take_home',
      notify: false,
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toMatchObject({ hiringStatus: 'take_home', changed: [attemptA], emailAt: null });
    // one, with the email
    const one = await call(t.app, 'PUT', `/api/review/attempts/${attemptB}/status`, team.recruiter, {
      status: 'take_home',
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().emailAt).not.toBeNull();
    await mailDue();
    expect(await mails(a.email)).toEqual([]);
    const [mail] = await mails(b.email);
    expect(mail?.kind).toBe('status_stage');
    expect(mail?.subject).toBe('Your application for Stage round moved to Take-home');
    expect(await statusOf(attemptA)).toBe('take_home');
    // the candidate's own page shows an employer's own stage as pending (told only by the email, if any)
    const mine = await call(t.app, 'GET', '/api/me/tests', a);
    expect(mine.json().find((m: { testId: string }) => m.testId === test.id)?.hiringStatus).toBe('pending');

    // the results list the stage key; a reviewer cannot move anyone
    const results = await call(t.app, 'GET', `/api/review/tests/${test.id}/results`, team.reviewer);
    expect(results.statusCode).toBe(200);
    expect(
      (results.json().rows as { attemptId: string; hiringStatus: string }[]).find((r) => r.attemptId === attemptA)
        ?.hiringStatus,
    ).toBe('take_home');
    // the CSV names the stage as the company does
    const csv = await call(t.app, 'GET', `/api/review/tests/${test.id}/results.csv`, team.reviewer);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',Take-home,');
    expect(csv.body).not.toContain('take_home');
    expect(
      (await call(t.app, 'PUT', `/api/review/attempts/${attemptA}/status`, team.reviewer, { status: 'pending' }))
        .statusCode,
    ).toBe(403);

    // a stage that is not in the pipeline is refused, and nothing moves
    const bad = await call(t.app, 'POST', `/api/review/tests/${test.id}/status`, team.owner, {
      attemptIds: [attemptA],
      status: 'no_such_stage',
      notify: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe('Status must be a stage of your pipeline');
    expect(await statusOf(attemptA)).toBe('take_home');

    // another company cannot use this company's stage on its own candidates
    const other = await buildTeam(t);
    const { test: otherTest } = await buildCodingTest(t.deps.db, { employer: other.owner, name: 'Other' });
    const c = await createSignedInUser(t.app);
    const attemptC = (await seedAttempt(t.deps.db, otherTest.id, c.id)).id;
    const foreign = await call(t.app, 'PUT', `/api/review/attempts/${attemptC}/status`, other.owner, {
      status: 'take_home',
    });
    expect(foreign.statusCode).toBe(400);
    // nor move this company's candidates
    expect(
      (await call(t.app, 'PUT', `/api/review/attempts/${attemptA}/status`, other.owner, { status: 'pending' }))
        .statusCode,
    ).toBe(404);

    // the stage holds candidates: it cannot be removed
    const current = (await call(t.app, 'GET', '/api/companies/me/pipeline', team.owner)).json().stages as {
      key: string;
      label: string;
    }[];
    const remove = await call(t.app, 'PUT', '/api/companies/me/pipeline', team.owner, {
      stages: keysAndLabels(current.filter((s) => s.key !== 'take_home')),
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('2 candidates are in Take-home: move them to another stage before removing it');

    // the built-in statuses keep their meaning and mails
    const back = await call(t.app, 'PUT', `/api/review/attempts/${attemptA}/status`, team.recruiter, {
      status: 'shortlisted',
    });
    expect(back.statusCode).toBe(200);
    await mailDue();
    expect((await mails(a.email)).map((m) => m.kind)).toEqual(['status_shortlisted']);
  });
});
