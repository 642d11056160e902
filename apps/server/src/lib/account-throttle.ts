/**
 * Throttling per account (issue 16): failed sign-ins are counted per email, so 30 wrong passwords on one
 * account lock that account for a while, and not everyone else behind the same address (a test centre's
 * NAT). While throttled, even the right password is refused (a guesser must not learn it was right).
 * Issue 23: counted per (account, address) pair, so a stranger's wrong passwords lock only the stranger out of
 * that account, not its owner signing in from elsewhere; a password reset lifts every lock of the account.
 * This store is in memory (PGlite: one API process); with PostgreSQL the count lives in the database so every
 * API process behind a balancer sees it (lib/shared-limits.ts, issue 28).
 */
import type { Clock } from './clock';
import { AppError } from './errors';

export const ACCOUNT_WINDOW_MS = 15 * 60_000;
const WINDOW_MS = ACCOUNT_WINDOW_MS;
/** Accounts tracked at once; beyond, expired entries are dropped first, then the oldest. */
const MAX_TRACKED = 100_000;

export interface AccountThrottle {
  /** Throws ACCOUNT_THROTTLED (429 + Retry-After) while this account has too many recent failures from `ip`. */
  check(account: string, ip: string): void | Promise<void>;
  recordFailure(account: string, ip: string): void | Promise<void>;
  recordSuccess(account: string, ip: string): void | Promise<void>;
  /** Lifts every lock of the account (after a password reset). */
  lift(account: string): void | Promise<void>;
}

/** The same account however its email is cased or padded. */
export const accountKey = (account: string) => account.trim().toLowerCase();
/** What is counted: one account from one address. */
export const pairKey = (account: string, ip: string) => `${accountKey(account)}\n${ip}`;

/** Throws ACCOUNT_THROTTLED with the time left until the account's window ends. */
export function throttled(msLeft: number): never {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  throw new AppError(
    'ACCOUNT_THROTTLED',
    `Too many failed sign-ins for this account. Try again in ${Math.ceil(seconds / 60)} minutes or reset your password.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

export function createAccountThrottle(opts: { maxFailures: number; clock: Clock }): AccountThrottle {
  const failures = new Map<string, { count: number; since: number }>();
  const key = pairKey;
  const now = () => opts.clock.now().getTime();

  const current = (account: string, ip: string) => {
    const entry = failures.get(key(account, ip));
    if (entry && now() - entry.since >= WINDOW_MS) {
      failures.delete(key(account, ip));
      return undefined;
    }
    return entry;
  };

  const prune = () => {
    const t = now();
    for (const [k, v] of failures) if (t - v.since >= WINDOW_MS) failures.delete(k);
    while (failures.size >= MAX_TRACKED) failures.delete(failures.keys().next().value!);
  };

  return {
    check(account, ip) {
      const entry = current(account, ip);
      if (!entry || entry.count < opts.maxFailures) return;
      throttled(entry.since + WINDOW_MS - now());
    },
    recordFailure(account, ip) {
      const entry = current(account, ip);
      if (entry) entry.count++;
      else {
        if (failures.size >= MAX_TRACKED) prune();
        failures.set(key(account, ip), { count: 1, since: now() });
      }
    },
    recordSuccess(account, ip) {
      failures.delete(key(account, ip));
    },
    lift(account) {
      const prefix = `${accountKey(account)}\n`;
      for (const k of failures.keys()) if (k.startsWith(prefix)) failures.delete(k);
    },
  };
}
