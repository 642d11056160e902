import { describe, expect, it } from 'vitest';
import { answerSpotCheck, type CallOutcome, callsInTurn } from './proctoring-calls';

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

describe('answerSpotCheck (issue 28: a spot check the face service could not take is sent again)', () => {
  /** A page clock that only the sleeps move, and a send that answers from a script. */
  function scripted(outcomes: (CallOutcome | null)[]) {
    let clock = 0;
    const sentAt: number[] = [];
    const send = async () => {
      sentAt.push(clock);
      return outcomes.shift() ?? { kind: 'ok' as const, body: {} };
    };
    const opts = {
      now: () => clock,
      sleep: async (ms: number) => {
        clock += ms;
      },
      random: () => 0.5,
    };
    return { send, sentAt, opts };
  }

  it('sends again after a busy answer, at a spread delay, until one is taken', async () => {
    const s = scripted([{ kind: 'unavailable' }, { kind: 'unavailable' }]);
    const out = await answerSpotCheck(s.send, 15_000, s.opts);
    expect(out).toEqual({ kind: 'ok', body: {} });
    // retry waits: half-way between a tenth and all of 2 s, then of 4 s (capped at 5 s)
    expect(s.sentAt).toEqual([0, 1100, 1100 + 2200]);
  });

  it('does not send again for a verdict, a refusal or a network failure', async () => {
    for (const outcome of [
      { kind: 'flag', status: 'not_matched', body: {} },
      { kind: 'offline', reason: 'network' },
      { kind: 'refused', code: 'X', message: 'no' },
    ] as CallOutcome[]) {
      const s = scripted([outcome]);
      expect(await answerSpotCheck(s.send, 15_000, s.opts)).toBe(outcome);
      expect(s.sentAt).toHaveLength(1);
    }
  });

  it('stops once the challenge has run out, but always sends the first answer', async () => {
    const s = scripted([{ kind: 'unavailable' }, { kind: 'unavailable' }, { kind: 'unavailable' }]);
    // 2 s left: the first retry (after 1.1 s) would start past its last second
    expect(await answerSpotCheck(s.send, 2_000, s.opts)).toEqual({ kind: 'unavailable' });
    expect(s.sentAt).toEqual([0]);
    const late = scripted([]);
    await answerSpotCheck(late.send, 500, late.opts);
    expect(late.sentAt).toEqual([0]);
  });
});
