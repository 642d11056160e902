import { describe, expect, it } from 'vitest';
import { retryDelayMs, retrySpread } from './retry-spread';

describe('retryDelayMs', () => {
  it('grows with each retry up to the cap, and is a random share of it, never zero', () => {
    expect(retryDelayMs(1, { random: () => 0.999 })).toBeLessThanOrEqual(4000);
    expect(retryDelayMs(3, { random: () => 0.999 })).toBeGreaterThan(15_000);
    expect(retryDelayMs(10, { random: () => 0.999 })).toBeLessThanOrEqual(60_000);
    expect(retryDelayMs(1, { random: () => 0 })).toBe(400);
    // two pages with different random draws wait differently: the retries are spread
    expect(retryDelayMs(2, { random: () => 0.2 })).not.toBe(retryDelayMs(2, { random: () => 0.7 }));
  });
});

describe('retrySpread', () => {
  it('asks again after each refusal, waiting longer each time, and stops at the first answer', async () => {
    const outcomes = ['busy', 'busy', 'ok', 'busy'];
    const waits: number[] = [];
    let calls = 0;
    const result = await retrySpread(
      async () => outcomes[calls++] as string,
      (r) => r === 'busy',
      { random: () => 0.5, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThan(waits[0] as number);
  });

  it('gives up after its tries with the last refusal, and tries no more once cancelled', async () => {
    let calls = 0;
    const sleep = async () => {};
    expect(
      await retrySpread(
        async () => ++calls,
        () => true,
        { attempts: 3, sleep },
      ),
    ).toBe(3);
    let left = false;
    let after = 0;
    await retrySpread(
      async () => {
        after++;
        left = true;
        return 'busy';
      },
      () => true,
      { sleep, cancelled: () => left },
    );
    expect(after).toBe(1);
  });
});
