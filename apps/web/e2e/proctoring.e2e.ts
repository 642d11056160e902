/**
 * Issue 6 in a real headless Chromium with a fake webcam fed from fixture photos (the real face engine in the
 * server): a candidate enrols on /entry (Face Detected), proceeds to the coding test, starts it; the wrapper
 * enrols for the attempt; a second face appears; the Proctoring Alert shows; the event and its frame are stored.
 * Then the /face screen (enrol, live verification verdict), the /live screen (flagged frame), and with the camera
 * refused: Permission Denied on /entry and the wrapper's Access Denied on the test page.
 *
 * The fake webcam loops: obama_01 for FACE_ALONE_S seconds, then the Obama+Biden composite for FACE_PAIR_S
 * seconds (Chromium reads MJPEG files at 30 frames/s and starts the file again for each new capture session).
 * TEST-ONLY speed-up: window.__ASSESSLY_PROCTORING_INTERVALS__ shortens the wrapper's 10 s / 15 s checks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFakeWebcamMjpeg } from '@assessly/face';
import { and, eq, isNull } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, faceEnrollments, proctoringEvents } from '../../server/src/db/schema';
import { buildCodingTest } from '../../server/test/factories';
import { FIXTURES_DIR } from '../../server/test/fixtures/face';
import { type E2EServer, launchBrowser, startServer } from './harness';

const FPS = 30;
const FACE_ALONE_S = 12;
const FACE_PAIR_S = 6;
const password = 'Passw0rd!x';

let server: E2EServer;
let browser: Browser;
let workDir: string;
let testId: string;

async function createUser(role: 'candidate' | 'employer') {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/users/add',
    payload: { firstName: 'E2E', lastName: role, email, password, role },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, email };
}

async function signedInContext(email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const res = await context.request.post(`${server.baseUrl}/api/users/login`, { data: { email, password } });
  expect(res.status()).toBe(200);
  // TEST-ONLY: checks every 2 s / 4 s instead of 10 s / 15 s (under the server's 60 a minute per route).
  await context.addInitScript(() => {
    window.__ASSESSLY_PROCTORING_INTERVALS__ = { detectMs: 2000, verifyMs: 4000 };
  });
  return context;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'assessly-proctoring-e2e-'));
  const webcam = path.join(workDir, 'webcam.mjpeg');
  const alone = path.join(FIXTURES_DIR, 'obama_01.jpg');
  const pair = path.join(FIXTURES_DIR, 'multi_obama_biden_composite.jpg');
  // framesEach applies to every listed photo: list the lone face FACE_ALONE_S / FACE_PAIR_S times as often.
  const photos = [...Array(FACE_ALONE_S / FACE_PAIR_S).fill(alone), pair];
  await makeFakeWebcamMjpeg(photos, FACE_PAIR_S * FPS, webcam);
  server = await startServer();
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${webcam}`,
  ]);
  const employer = await createUser('employer');
  testId = (await buildCodingTest(server.deps.db, { employer })).test.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('face proctoring in a real browser', () => {
  it('enrols on /entry, proceeds to the test, flags a second face with an alert and a stored frame', async () => {
    const candidate = await createUser('candidate');
    const context = await signedInContext(candidate.email);
    const page = await context.newPage();

    await page.goto(`${server.baseUrl}/entry?testId=${testId}`);
    await page.getByRole('heading', { name: 'Face Verification', level: 1 }).waitFor();
    for (const text of [
      'Test Guidelines',
      'Face Detection Required',
      'Single Window Policy',
      'No External Help',
      'Clean Environment',
    ]) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    expect(await page.getByRole('listitem').filter({ hasText: 'Sit 2-3 feet from the camera' }).count()).toBe(1);
    expect(await page.getByText('This session is monitored.').isVisible()).toBe(true);
    expect(await page.getByTestId('camera-status').textContent()).toBe('Inactive');
    const proceed = page.getByRole('button', { name: 'Proceed to Test' });
    expect(await proceed.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Start Verification' }).click();
    await page.getByText('Face Detected', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('camera-status').textContent()).toBe('Active');
    const own = await server.deps.db
      .select()
      .from(faceEnrollments)
      .where(and(eq(faceEnrollments.userId, candidate.id), isNull(faceEnrollments.attemptId)));
    expect(own).toHaveLength(1);

    await proceed.click();
    await page.waitForURL(`${server.baseUrl}/code/${testId}`);
    await page.getByRole('button', { name: 'Start Test' }).click();

    // The wrapper enrols for the attempt and reaches ok (proctoring active).
    await page.locator('[data-proctoring-state="ok"]').waitFor({ timeout: 30_000 });
    const [attempt] = await server.deps.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.userId, candidate.id), eq(attempts.testId, testId)));
    expect(attempt).toBeTruthy();
    const forAttempt = await server.deps.db
      .select()
      .from(faceEnrollments)
      .where(eq(faceEnrollments.attemptId, attempt!.id));
    expect(forAttempt).toHaveLength(1);

    // The second face comes with the composite frames: the alert, then the stored event and frame.
    const dialog = page.getByRole('alertdialog', { name: 'Proctoring Alert' });
    await dialog.waitFor({ timeout: (FACE_ALONE_S + FACE_PAIR_S) * 1000 + 15_000 });
    expect(await dialog.textContent()).toContain(
      'Multiple faces detected! Please make sure only you are in front of the camera.',
    );
    const events = await server.deps.db
      .select()
      .from(proctoringEvents)
      .where(eq(proctoringEvents.attemptId, attempt!.id));
    const multi = events.find((e) => e.kind === 'multiple_faces');
    expect(multi, JSON.stringify(events.map((e) => e.kind))).toBeTruthy();
    expect(multi!.detail).toMatch(/2 faces/);
    const frame = await server.deps.blobs.get(multi!.frameKey!);
    expect(frame?.contentType).toBe('image/jpeg');
    expect(frame!.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    // Flags inform; the attempt goes on.
    const [still] = await server.deps.db.select().from(attempts).where(eq(attempts.id, attempt!.id));
    expect(still!.endedAt).toBeNull();

    await dialog.getByRole('button', { name: 'I Understand' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The camera goes away (the track ends): an event of the attempt and an alert; I Understand asks again.
    await page.evaluate(() => {
      const video = document.querySelector('video.proctoring-video') as HTMLVideoElement;
      for (const track of (video.srcObject as MediaStream).getVideoTracks()) track.dispatchEvent(new Event('ended'));
    });
    await expect
      .poll(async () => {
        const rows = await server.deps.db
          .select()
          .from(proctoringEvents)
          .where(eq(proctoringEvents.attemptId, attempt!.id));
        return rows.some((e) => e.kind === 'camera_lost');
      })
      .toBe(true);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'I Understand' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(0);
    await context.close();
  });

  it('/face: enrol, then live verification shows the coloured verdict', async () => {
    const user = await createUser('candidate');
    const context = await signedInContext(user.email);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/face`);
    await page.getByRole('heading', { name: 'Face Recognition Live Test' }).waitFor();
    await page.getByRole('button', { name: 'Start Verification' }).click();
    expect(await page.getByTestId('face-status').textContent()).toBe('Please enroll face first.');
    const enrol = page.getByRole('button', { name: 'Enroll Face' });
    await expect.poll(() => enrol.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(500); // let the fake camera deliver frames before capturing
    await enrol.click();
    await page.getByRole('button', { name: 'Enrolled' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Start Verification' }).click();
    expect(await page.getByTestId('face-status').textContent()).toBe('Verification started...');
    await page.getByTestId('verdict').filter({ hasText: 'Face matched' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('verdict').getAttribute('class')).toContain('verdict-matched');
    expect(await page.getByRole('img', { name: 'Verification result' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Stop Verification' }).click();
    expect(await page.getByTestId('face-status').textContent()).toBe('Verification stopped.');
    await context.close();
  });
});

describe('the violation screen', () => {
  it('/live: detects once a second and shows the flagged frame under Violations:', async () => {
    const user = await createUser('candidate');
    const context = await signedInContext(user.email);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/live`);
    await page.getByRole('heading', { name: 'Violations:' }).waitFor();
    expect(await page.getByText('None so far.').isVisible()).toBe(true);
    // The composite (two faces) comes FACE_ALONE_S seconds after the camera starts.
    const flagged = page.getByRole('img', { name: /Flagged frame: several faces/ });
    await flagged.waitFor({ timeout: (FACE_ALONE_S + FACE_PAIR_S) * 1000 + 15_000 });
    const size = await flagged.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
    expect(size).toBeGreaterThan(0); // a decodable JPEG, the frame the camera sent
    await context.close();
  });
});

describe('without a camera', () => {
  it('shows Permission Denied on /entry and Access Denied on the test page when the camera is refused', async () => {
    const denied = await launchBrowser(['--use-fake-device-for-media-stream', '--deny-permission-prompts']);
    try {
      const user = await createUser('candidate');
      const context = await denied.newContext();
      const res = await context.request.post(`${server.baseUrl}/api/users/login`, {
        data: { email: user.email, password },
      });
      expect(res.status()).toBe(200);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/entry?testId=${testId}`);
      await page.getByRole('button', { name: 'Start Verification' }).click();
      await page.getByText('Permission Denied', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('alert').filter({ hasText: 'Camera access denied.' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Proceed to Test' }).isDisabled()).toBe(true);

      // The test page's wrapper: Access Denied instead of the test.
      await page.goto(`${server.baseUrl}/code/${testId}`);
      await page.getByRole('button', { name: 'Start Test' }).click();
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor({ timeout: 15_000 });
      expect(await page.getByText('Webcam permission denied or not available.').isVisible()).toBe(true);
      expect(await page.locator('[data-proctoring-state="blocked"]').count()).toBe(1);
    } finally {
      await denied.close();
    }
  });
});
