import { describe, expect, it } from 'vitest';
import { greyOf, STILL_MAX_DIFF, STILL_SAMPLES, StillPicture } from './still-camera';

const frame = (value: number, noise = 0, seed = 1) => {
  let s = seed;
  return Array.from({ length: 400 }, () => {
    s = (s * 16807) % 2147483647;
    return value + ((s / 2147483647) * 2 - 1) * noise;
  });
};

describe('StillPicture (issue 41)', () => {
  it('identical readings become a still picture after STILL_SAMPLES comparisons, not before', () => {
    const rule = new StillPicture();
    const seen = Array.from({ length: STILL_SAMPLES + 1 }, () => rule.observe(frame(120)));
    expect(seen.slice(0, STILL_SAMPLES)).toEqual(Array(STILL_SAMPLES).fill(false));
    expect(seen[STILL_SAMPLES]).toBe(true);
  });

  it('sensor-like noise of one level keeps a camera live, and one moving reading starts the count again', () => {
    const noisy = new StillPicture();
    for (let i = 0; i < 3 * STILL_SAMPLES; i++) expect(noisy.observe(frame(120, 1, i + 1))).toBe(false);
    const rule = new StillPicture();
    for (let i = 0; i <= STILL_SAMPLES; i++) rule.observe(frame(80));
    expect(rule.still).toBe(true);
    expect(rule.observe(frame(80 + 4 * STILL_MAX_DIFF))).toBe(false);
    expect(rule.still).toBe(false);
  });

  it('reads grey levels from RGBA', () => {
    expect(Array.from(greyOf([255, 255, 255, 255, 0, 0, 0, 255]))).toEqual([255, 0].map((v) => expect.closeTo(v, 3)));
  });
});
