/**
 * Issue 29 in a real Chromium: an ended interview room's history plays in the same player as a test's code
 * playback. The room's stored Yjs updates and one Run are seeded as the room stores them; the interviewer opens
 * the interview's record, scrubs with the keyboard to the end (the room's final code), picks the Run on the
 * timeline and sees its output, and goes back to the start (no code, no runs yet).
 */
import { interviewRuns, interviews, interviewUpdates } from '@assessly/server/test-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { useE2E } from './harness';
import { createUser, signedInPage } from './support';

const e2e = useE2E();

describe('interview room playback', () => {
  it("replays an ended room's code with its Run and output in the shared player", async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const page = await signedInPage(e2e.browser, e2e.server, employer.email);
    const created = await page.context().request.post(`${e2e.server.baseUrl}/api/interviews`, {
      data: { title: 'Replay round', candidateEmail: 'cand-replay@example.com' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // The room as it was stored: the language, then two pieces of code 20 s apart; a Run at 30 s.
    const start = new Date(Date.now() - 120_000);
    const doc = new Y.Doc();
    const stored: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => stored.push(u));
    doc.getMap<string>('room').set('language', 'python');
    doc.getText('code').insert(0, 'def add(a, b):\n');
    doc.getText('code').insert(15, '    return a + b\n\nprint(add(2, 3))\n');
    doc.getArray<unknown>('board').push([{ color: '#dc2626', width: 4, points: [100, 100, 900, 900] }]);
    const notes = new Y.Doc();
    const noted: Uint8Array[] = [];
    notes.on('update', (u: Uint8Array) => noted.push(u));
    notes.getText('code').insert(0, 'NOTES-E2E asks good questions');
    const db = e2e.server.deps.db;
    await db.update(interviews).set({ startedAt: start }).where(eq(interviews.id, id));
    await db.insert(interviewUpdates).values(
      stored.map((data, i) => ({
        interviewId: id,
        doc: 'code' as const,
        data,
        createdAt: new Date(start.getTime() + i * 10_000),
      })),
    );
    await db.insert(interviewUpdates).values(
      noted.map((data) => ({
        interviewId: id,
        doc: 'notes' as const,
        data,
        createdAt: new Date(start.getTime() + 40_000),
      })),
    );
    await db.insert(interviewRuns).values({
      interviewId: id,
      kind: 'run',
      language: 'python',
      code: doc.getText('code').toString(),
      result: {
        verdict: 'Accepted',
        output: '5\n',
        stderr: '',
        compileOutput: null,
        timeMs: 9,
        cases: [],
        passed: null,
        total: null,
      },
      runBy: 'Candidate',
      // 30.05 s: the replay's end is not a whole step of its scrubber, and the Run must still be at its end
      createdAt: new Date(start.getTime() + 30_050),
    });
    const ended = await page.context().request.post(`${e2e.server.baseUrl}/api/interviews/${id}/end`);
    expect(ended.status()).toBe(200);

    await page.goto(`${e2e.server.baseUrl}/admin/interviews/${id}`);
    const player = page.getByRole('region', { name: "Code playback: the room's code" });
    await player.waitFor();
    const scrubber = player.getByLabel('Position in the recording');
    await scrubber.focus();
    await page.keyboard.press('End');
    const code = player.locator('.pb-code');
    await code.filter({ hasText: 'print(add(2, 3))' }).waitFor();
    expect(await code.textContent()).toBe('def add(a, b):\n    return a + b\n\nprint(add(2, 3))\n');
    // the last moment of the replay includes the last Run
    await player.getByText('00:30 — Run (python): Accepted').waitFor();
    // The Run on the timeline: picking it shows the code then and the run's output under it.
    await player.getByRole('button', { name: '00:30 Run (python): Accepted' }).click();
    await player.locator('.iv-output', { hasText: '5' }).waitFor();
    await player.getByText('00:30 — Run (python): Accepted').waitFor();
    // Back to the start: nothing typed yet, no runs yet.
    await scrubber.focus();
    await page.keyboard.press('Home');
    await player.getByText('No runs yet at this point.').waitFor();
    expect(await code.textContent()).toBe('');
    // What the room held at its end: the private notes and the board.
    expect(await page.getByTestId('interview-notes').textContent()).toBe('NOTES-E2E asks good questions');
    const board = page.getByRole('img', { name: 'The drawing board at the end: 1 stroke' });
    expect(await board.locator('polyline').getAttribute('points')).toBe('100,100 900,900');
    await page.context().close();
  });
});
