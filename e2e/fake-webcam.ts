/**
 * A fake webcam for headless Chromium: test pages are wrapped in webcam proctoring, so every browser the e2e
 * tests launch gets a camera that shows one face (640x480, raw Y4M at 5 frames a second: Chromium has no JPEG to
 * decode 30 times a second, and the page samples a frame every 2 s), unless the test brings its own media flags
 * (e2e/proctoring.e2e.ts feeds a second face; the denied-camera test refuses the camera). The face turns, so the
 * entry step's live sequence (issue 27, judged by the server) passes: TURNING_FACE, two seconds a photo.
 */
import { existsSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFakeWebcamY4m } from '@assessly/face/testing';
import { FIXTURES_DIR } from '@assessly/server/test-kit';

const MEDIA_FLAG = /fake-ui-for-media|fake-device-for-media|fake-video-capture|permission-prompts/;

/** One person looking ahead, turned one way (FaceMesh yaw about -0.16), ahead, turned the other way (+0.16). */
export const TURNING_FACE = ['obama_01.jpg', 'obama_03.jpg', 'obama_01.jpg', 'obama_02.jpg'];

let file: Promise<string> | null = null;

/** One shared file for every run (written once, atomically, so parallel runs never read half a file). */
function oneFaceWebcam(): Promise<string> {
  file ??= (async () => {
    const out = path.join(tmpdir(), 'assessly-e2e-webcam-one-face-turning-v4.y4m');
    if (!existsSync(out)) {
      const partial = `${out}.${process.pid}.tmp`;
      await makeFakeWebcamY4m(
        TURNING_FACE.map((f) => path.join(FIXTURES_DIR, f)),
        10,
        5,
        partial,
      );
      renameSync(partial, out);
    }
    return out;
  })();
  return file;
}

/** Chromium flags for a fake webcam with one face, or none when the caller passes media flags of its own. */
export async function defaultWebcamArgs(extraArgs: string[]): Promise<string[]> {
  if (extraArgs.some((a) => MEDIA_FLAG.test(a))) return [];
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${await oneFaceWebcam()}`,
  ];
}
