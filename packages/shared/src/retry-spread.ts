/**
 * When a drive's pages all ask for the same scarce thing at once (the page-load face verify of every candidate
 * in the first minute, issue 28), refusals are answered by waiting and asking again, each page after its own
 * random share of a growing delay ("full jitter"), so the retries do not arrive together as a second storm.
 */

export interface RetrySpreadOptions {
  /** Tries in all, the first included (default 6). */
  attempts?: number;
  /** The first retry waits up to this long; each later one up to twice the one before (default 4 s). */
  baseMs?: number;
  /** No wait is longer than this (default 60 s). */
  maxMs?: number;
  /** 0 ≤ x < 1; Math.random by default. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Stop early (the page was left): no further tries. */
  cancelled?: () => boolean;
}

/** The wait before retry number `retry` (1 = the first retry): a random share of min(max, base·2^(retry−1)). */
export function retryDelayMs(retry: number, opts: RetrySpreadOptions = {}): number {
  const base = opts.baseMs ?? 4000;
  const cap = Math.min(opts.maxMs ?? 60_000, base * 2 ** Math.max(0, retry - 1));
  // at least a tenth of the cap, so a retry is never immediate
  return Math.round(cap * (0.1 + 0.9 * (opts.random ?? Math.random)()));
}

/**
 * Calls `attempt` until `retryable(result)` is false or the tries are used up, waiting retryDelayMs between
 * tries; returns the last result (null when cancelled before any try).
 */
export async function retrySpread<T>(
  attempt: () => Promise<T>,
  retryable: (result: T) => boolean,
  opts: RetrySpreadOptions = {},
): Promise<T | null> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const attempts = Math.max(1, opts.attempts ?? 6);
  let last: T | null = null;
  for (let i = 0; i < attempts; i++) {
    if (opts.cancelled?.()) return last;
    if (i > 0) await sleep(retryDelayMs(i, opts));
    if (opts.cancelled?.()) return last;
    last = await attempt();
    if (!retryable(last)) return last;
  }
  return last;
}

/**
 * An answer to something that expires (a spot-check challenge, issue 28): sent at once; while `retryable`, sent
 * again up to twice, at a spread delay (2 s, then 4 s at most 5 s), while it lasts — no retry starts in its last
 * second. The first try always goes. The page and the drive's simulator answer challenges with it.
 */
export function retryWhileOpen<T>(
  attempt: () => Promise<T>,
  retryable: (result: T) => boolean,
  expiresInMs: number,
  opts: Pick<RetrySpreadOptions, 'sleep' | 'random' | 'cancelled'> & { now?: () => number } = {},
): Promise<T | null> {
  const now = opts.now ?? Date.now;
  const until = now() + expiresInMs - 1000;
  let tries = 0;
  return retrySpread(
    () => {
      tries++;
      return attempt();
    },
    retryable,
    {
      attempts: 3,
      baseMs: 2000,
      maxMs: 5000,
      sleep: opts.sleep,
      random: opts.random,
      cancelled: () => Boolean(opts.cancelled?.()) || (tries > 0 && now() > until),
    },
  );
}
