import { describe, expect, it } from 'vitest';
import { AdaptiveCadence } from './adaptive-cadence';

describe('AdaptiveCadence', () => {
  it('stretches while calm up to four times the base, and snaps back on the first check that is not', () => {
    const c = new AdaptiveCadence(2000);
    expect(c.nextMs()).toBe(2000);
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      c.observe(true);
      seen.push(c.nextMs());
    }
    expect(seen).toEqual([3000, 4500, 6750, 8000, 8000, 8000]);
    c.observe(false);
    expect(c.nextMs()).toBe(2000);
  });
});
