/**
 * Evidence a candidate's page cannot forge (issue 23): the page records only page kinds, server kinds come
 * only from the server, reports say which events the page sent, and page events have a cap of their own.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { useSignedIn, useTestApp } from '../../../test/support';
import { proctoringEvents } from '../../db/schema';
import { MAX_PAGE_EVENTS_PER_ATTEMPT, recordProctoringEvent } from './proctoring-events.service';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });

async function startedAttempt() {
  const { test } = await buildCodingTest(t.deps.db, { employer });
  const cand = await createSignedInUser(t.app);
  const started = await t.as(cand).post(`/api/attempts/${test.id}/start`, {});
  expect(started.statusCode).toBe(200);
  return { test, cand, attemptId: started.json().attempt.id as string };
}

const rowsOf = (attemptId: string) =>
  t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId));

describe('POST /api/attempts/{testId}/events from a hostile page', () => {
  it('refuses server kinds (alone or hidden in a batch) and stores nothing of that request', async () => {
    const { test, cand, attemptId } = await startedAttempt();
    const url = `/api/attempts/${test.id}/events`;
    for (const kind of ['proctoring_unavailable', 'face_mismatch', 'camera_lost', 'enroll_refused']) {
      const res = await t.as(cand).post(url, { kind, detail: 'The face service failed' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const mixed = await t.as(cand).post(url, { events: [{ kind: 'tab_hidden' }, { kind: 'proctoring_unavailable' }] });
    expect(mixed.statusCode).toBe(400);
    expect(await rowsOf(attemptId)).toHaveLength(0);
    expect((await t.as(cand).post(url, { kind: 'tab_hidden' })).json()).toEqual({ recorded: 1, dropped: 0 });
  });

  it('marks page events in the report, so a reviewer tells them from the server’s', async () => {
    const { test, cand, attemptId } = await startedAttempt();
    await t.as(cand).post(`/api/attempts/${test.id}/events`, { kind: 'paste_attempt', detail: 'ctrl+v' });
    await recordProctoringEvent(t.deps, attemptId, 'proctoring_unavailable', 'Face service overloaded');
    const report = await t.as(employer).get(`/api/review/attempts/${attemptId}/report`);
    expect(report.statusCode).toBe(200);
    const events = report.json().events as { kind: string; source: string }[];
    expect(events.find((e) => e.kind === 'paste_attempt')?.source).toBe('page');
    expect(events.find((e) => e.kind === 'proctoring_unavailable')?.source).toBe('server');
  });

  it('caps page events on their own: a flooding page never crowds out the server’s evidence', async () => {
    const { test, cand, attemptId } = await startedAttempt();
    await recordProctoringEvent(t.deps, attemptId, 'no_face', 'No face in the frame');
    const batch = Array.from({ length: 50 }, () => ({ kind: 'window_blur' as const }));
    let recorded = 0;
    for (let i = 0; i < MAX_PAGE_EVENTS_PER_ATTEMPT / 50 + 1; i++) {
      recorded += (await t.as(cand).post(`/api/attempts/${test.id}/events`, { events: batch })).json().recorded;
    }
    // The server's event did not take a page slot, and the page got exactly its own cap.
    expect(recorded).toBe(MAX_PAGE_EVENTS_PER_ATTEMPT);
    await recordProctoringEvent(t.deps, attemptId, 'multiple_faces', 'Two faces');
    const rows = await rowsOf(attemptId);
    expect(rows.filter((r) => r.source === 'page')).toHaveLength(MAX_PAGE_EVENTS_PER_ATTEMPT);
    expect(rows.filter((r) => r.source === 'server').map((r) => r.kind)).toEqual(
      expect.arrayContaining(['no_face', 'multiple_faces']),
    );
  });
});
