import { describe, expect, it } from 'vitest';
import { callsInTurn } from './proctoring-calls';

/** A call that ends when told to, recording when it started. */
function gated(log: string[], name: string) {
  let open!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    open = () => resolve(name);
    fail = reject;
  });
  return {
    call: () => {
      log.push(`start ${name}`);
      return done;
    },
    open,
    fail,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('callsInTurn (one face call at a time from the page)', () => {
  it('starts each call only after the one before has settled, and gives each caller its own outcome', async () => {
    const inTurn = callsInTurn();
    const log: string[] = [];
    const a = gated(log, 'verify');
    const b = gated(log, 'flag');
    const first = inTurn(a.call);
    const second = inTurn(b.call);
    await tick();
    expect(log).toEqual(['start verify']);
    a.open();
    expect(await first).toBe('verify');
    await tick();
    expect(log).toEqual(['start verify', 'start flag']);
    b.open();
    expect(await second).toBe('flag');
  });

  it('a failed call does not hold up the next one', async () => {
    const inTurn = callsInTurn();
    const log: string[] = [];
    const a = gated(log, 'verify');
    const b = gated(log, 'flag');
    const first = inTurn(a.call);
    const second = inTurn(b.call);
    a.fail(new Error('network'));
    await expect(first).rejects.toThrow('network');
    await tick();
    expect(log).toEqual(['start verify', 'start flag']);
    b.open();
    expect(await second).toBe('flag');
  });
});
