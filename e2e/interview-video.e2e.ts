/**
 * Audio and video in the interview room (issue 30), in headless Chromium with its own fake camera and microphone
 * (`--use-fake-device-for-media-stream --use-fake-ui-for-media-stream`): nothing asks for the camera until a
 * participant presses "Join with video"; then interviewer and candidate see each other's video peer to peer,
 * signalled through the room socket. A participant without a camera gets a clear message and keeps the room.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, type E2EServer, launchBrowser, startServer } from './harness';
import { createUser, signedInPage } from './support';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Counts the page's requests for camera or microphone (window.__mediaRequests). */
async function countMediaRequests(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __mediaRequests: number };
    w.__mediaRequests = 0;
    const devices = navigator.mediaDevices;
    const real = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (c) => {
      w.__mediaRequests++;
      return real(c);
    };
  });
}

const mediaRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mediaRequests: number }).__mediaRequests);

/** Waits until the page plays a remote participant's video: connected, with frames of a real size arriving. */
async function seesVideoOf(page: Page, name: string) {
  const video = page.locator('[data-peer-state="connected"]').getByLabel(`Video of ${name}`, { exact: true });
  await video.waitFor();
  await video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (el.videoWidth > 0 && el.currentTime > 0) resolve();
          else el.requestVideoFrameCallback(check);
        };
        check();
      }),
  );
  const stream = await video.evaluate((el: HTMLVideoElement) => {
    const s = el.srcObject as MediaStream;
    return { video: s.getVideoTracks().length, audio: s.getAudioTracks().length };
  });
  expect(stream).toEqual({ video: 1, audio: 1 });
}

async function openRoom() {
  const employer = await createUser(server, 'employer', { firstName: 'Vera', lastName: 'Video', verified: true });
  const interviewer = await signedInPage(browser, server, employer.email);
  const created = await interviewer.context().request.post(`${server.baseUrl}/api/interviews`, {
    data: { title: 'Video round', candidateEmail: 'video-cand@example.com', candidateName: 'Cal Camera' },
  });
  expect(created.status()).toBe(201);
  const { id, joinUrl } = (await created.json()) as { id: string; joinUrl: string };
  const candidateContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const candidate = await candidateContext.newPage();
  candidate.setDefaultTimeout(E2E_TIMEOUT_MS);
  return { id, joinUrl, interviewer, candidate, candidateContext };
}

describe('video in the interview room', () => {
  it('asks for the camera only on "Join with video", then both participants see each other', async () => {
    const { id, joinUrl, interviewer, candidate, candidateContext } = await openRoom();
    await countMediaRequests(interviewer.context());
    await countMediaRequests(candidateContext);
    await interviewer.goto(`${server.baseUrl}/interview/${id}`);
    await candidate.goto(joinUrl);
    for (const page of [interviewer, candidate]) await page.getByText('Connected', { exact: true }).waitFor();
    await interviewer.getByText('Cal Camera (candidate)').waitFor();
    expect(await mediaRequests(interviewer)).toBe(0);
    expect(await mediaRequests(candidate)).toBe(0);

    await candidate.getByRole('button', { name: 'Join with video' }).click();
    await candidate.getByLabel('Video of Cal Camera (you)').waitFor();
    expect(await mediaRequests(candidate)).toBe(1);
    expect(await mediaRequests(interviewer)).toBe(0); // one joining asks nothing of the other
    await interviewer.getByRole('button', { name: 'Join with video' }).click();
    await seesVideoOf(interviewer, 'Cal Camera');
    await seesVideoOf(candidate, 'Vera Video');

    // Muting is local to the track; leaving ends the call on both sides and the editor goes on.
    await candidate.getByRole('button', { name: 'Mute microphone' }).click();
    await candidate.getByRole('button', { name: 'Unmute microphone' }).waitFor();
    await candidate.getByRole('button', { name: 'Leave video' }).click();
    await interviewer.getByLabel('Video of Cal Camera', { exact: true }).waitFor({ state: 'detached' });
    await candidate.getByRole('button', { name: 'Join with video' }).waitFor();
    await candidateContext.close();
    await interviewer.context().close();
  });

  it('without a camera the participant is told why and the room works as before', async () => {
    const { id, joinUrl, interviewer, candidate, candidateContext } = await openRoom();
    await candidateContext.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('none', 'NotFoundError'));
    });
    await interviewer.goto(`${server.baseUrl}/interview/${id}`);
    await candidate.goto(joinUrl);
    for (const page of [interviewer, candidate]) await page.locator('.iv-editor .cm-content').first().waitFor();
    await candidate.getByRole('button', { name: 'Join with video' }).click();
    await candidate.getByRole('alert').filter({ hasText: 'No camera or microphone was found' }).waitFor();
    await candidate.locator('.iv-editor .cm-content').first().click();
    await candidate.keyboard.insertText('print("no camera needed")');
    await interviewer.locator('.iv-editor .cm-content', { hasText: 'no camera needed' }).waitFor();
    await candidateContext.close();
    await interviewer.context().close();
  });
});
