// @assessly/face/testing: fake webcam input and test scenes for tests and benchmarks (not used by the engine or
// the server).
import { decodeImage, encodeJpeg, letterbox } from './image';
import { FAKE_WEBCAM_HEIGHT, FAKE_WEBCAM_WIDTH } from './mjpeg';

export { FAKE_WEBCAM_HEIGHT, FAKE_WEBCAM_WIDTH, makeFakeWebcamMjpeg } from './mjpeg';
export { mirroredWebcamFrame, printedPhotoFrame, scene, TEST_IMAGES_DIR, table, testImage, windows } from './scenes';
export { makeFakeWebcamY4m, toI420 } from './y4m';

/** A photo as the page would send it: letterboxed onto a 640×480 frame, JPEG. */
export function toWebcamFrame(photo: Buffer, quality = 90): Buffer {
  return encodeJpeg(letterbox(decodeImage(photo), FAKE_WEBCAM_WIDTH, FAKE_WEBCAM_HEIGHT), quality);
}
