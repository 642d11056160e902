import { PHONE_RULE, PhonePersistence } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { AdaptiveCadence, isCalm } from './adaptive-cadence';

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

describe('isCalm (phone sightings and the cadence)', () => {
  it('a single phone sighting below the k-of-n rule still brings the next check to the base interval', () => {
    const c = new AdaptiveCadence(2000);
    const rule = new PhonePersistence();
    for (let i = 0; i < 4; i++) c.observe(isCalm({ faces: 1, phone: rule.push(null), phoneScore: null }));
    expect(c.nextMs()).toBe(8000); // a calm candidate: checks every 8 s
    const score = PHONE_RULE.minScore + 0.02;
    const first = { faces: 1, phone: rule.push(score), phoneScore: score };
    expect(first.phone).toBe(false); // one sighting is not a flag...
    c.observe(isCalm(first));
    expect(c.nextMs()).toBe(2000); // ...but the next check comes 2 s later, not 8 s
    const second = { faces: 1, phone: rule.push(score), phoneScore: score };
    expect(second.phone).toBe(true); // the phone kept in view is flagged on the next check
    expect(isCalm(second)).toBe(false);
  });

  it('is calm only for exactly one face and no phone', () => {
    expect(isCalm({ faces: 1, phone: false, phoneScore: null })).toBe(true);
    expect(isCalm({ faces: 0, phone: false, phoneScore: null })).toBe(false);
    expect(isCalm({ faces: 2, phone: false, phoneScore: null })).toBe(false);
    expect(isCalm({ faces: 1, phone: true, phoneScore: 0.5 })).toBe(false);
  });
});
