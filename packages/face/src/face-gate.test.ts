// Issue 27 on real models: the human-face gate, page/server agreement, quality guidance and the live sequence.
import { readFileSync } from 'node:fs';
import { LiveSequence } from '@assessly/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPagePath } from '../test/device-path';
import { readManifest } from '../test/fixtures';
import { decodeImage, encodeJpeg, letterbox, type RgbaImage } from './image';
import { createFaceEngine, type FaceEngine } from './index';
import { printedPhotoFrame, scene, table, testImage, windows } from './scenes';

const image = testImage;
const webcam = (img: RgbaImage) => encodeJpeg(letterbox(img, 640, 480), 90);

function transform(jpeg: Buffer, fn: (img: RgbaImage) => void): Buffer {
  const img = decodeImage(jpeg);
  fn(img);
  return encodeJpeg(img, 90);
}
const darken = (img: RgbaImage) => {
  for (let i = 0; i < img.data.length; i += 4)
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.round((img.data[i + c] ?? 0) * 0.22);
};
const blur = (img: RgbaImage) => {
  const r = 5;
  const src = new Uint8Array(img.data);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let dy = -r; dy <= r; dy += 2)
          for (let dx = -r; dx <= r; dx += 2) {
            const xx = Math.min(img.width - 1, Math.max(0, x + dx));
            const yy = Math.min(img.height - 1, Math.max(0, y + dy));
            sum += src[(yy * img.width + xx) * 4 + c] ?? 0;
            n++;
          }
        img.data[(y * img.width + x) * 4 + c] = Math.round(sum / n);
      }
};

let engine: FaceEngine;
let page: Awaited<ReturnType<typeof loadPagePath>>;
beforeAll(async () => {
  engine = await createFaceEngine({ preload: true });
  page = await loadPagePath();
});

describe('the page and the server read every fixture frame alike', () => {
  const photos = readManifest();
  it.each(photos.map((p) => [p.file, p.path, p.faces] as const))(
    '%s as a webcam frame: same faces and phone flag on both paths',
    async (_file, file, count) => {
      const frame = webcam(decodeImage(readFileSync(file)));
      const server = await engine.detect(frame);
      const device = await page(frame);
      expect(device.faces).toBe(server.faces.length);
      expect(device.phoneScore !== null).toBe(server.phone);
      if (count <= 2) expect(server.faces).toHaveLength(count); // the 6-person crowd is tiny at 640x480
    },
  );
});

describe('a face is a human face', () => {
  it('a person in front of windows is one face and enrols', async () => {
    const frame = encodeJpeg(scene(windows, image('person_astronaut.jpg'), 150, 80, 400), 90);
    expect((await engine.detect(frame)).faces).toHaveLength(1);
    expect((await page(frame)).faces).toBe(1);
    const enrol = await engine.describe(frame);
    expect(enrol.ok).toBe(true);
  });

  it.each(['dog_bicycle.jpg', 'cat_chelsea.jpg'])('%s does not enrol and counts no face', async (file) => {
    const frame = webcam(image(file));
    expect((await engine.detect(frame)).faces).toHaveLength(0);
    expect((await page(frame)).faces).toBe(0);
    expect(await engine.describe(frame)).toMatchObject({ ok: false, reason: 'no_face' });
  });
});

describe('no verdict on a poor face', () => {
  const good = () => webcam(decodeImage(readFileSync(readManifest().find((p) => p.file === 'obama_01.jpg')!.path)));

  it('a dark frame gets "more light" guidance instead of an enrolment or a mismatch', async () => {
    const enrolled = await engine.describe(good());
    if (!enrolled.ok) throw new Error(enrolled.message);
    const dark = transform(good(), darken);
    const refused = await engine.describe(dark);
    expect(refused).toMatchObject({ ok: false, reason: 'poor_quality' });
    expect(!refused.ok && refused.issues).toContain('dark');
    const v = await engine.verify(dark, enrolled.descriptor);
    expect(v).toMatchObject({ status: 'unclear', distance: null, distances: [null] });
    expect(v.guidance).toMatch(/more light/);
  });

  it('a blurred frame is refused with guidance that says so', async () => {
    const refused = await engine.describe(transform(good(), blur));
    expect(refused).toMatchObject({ ok: false, reason: 'poor_quality' });
    expect(!refused.ok && refused.issues).toContain('blurred');
  });

  it('a face too small in the frame is asked to come closer', async () => {
    const far = encodeJpeg(scene(table, image('person_astronaut.jpg'), 300, 200, 180), 90);
    const refused = await engine.describe(far);
    expect(refused).toMatchObject({ ok: false, reason: 'poor_quality', issues: ['too_small'] });
    expect(!refused.ok && refused.message).toMatch(/come closer/);
  });
});

describe('a printed photo held to the camera', () => {
  it('cannot complete the enrolment head-turn sequence on the device', async () => {
    const print = printedPhotoFrame();
    const seq = new LiveSequence();
    for (let i = 0; i < 3; i++) {
      const read = await page(print);
      expect(read.faces).toBe(1);
      expect(seq.push(read)).toBe('turn_first');
    }
  });
});
