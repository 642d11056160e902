/**
 * Password hashing: argon2id at the cost the config names (ARGON2_MEMORY_KIB, ARGON2_TIME_COST). The default is
 * OWASP's floor (m=19456 KiB, t=2, p=1). A stored hash carries its own parameters, so verifying works across a
 * change of cost. Only the test kit lowers the cost, to keep a thousand sign-ups cheap.
 */
import { hash, verify } from '@node-rs/argon2';

export interface PasswordCost {
  memoryKib: number;
  timeCost: number;
}

export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryKib: 19456, timeCost: 2 };

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return hash(password, {
    algorithm: 2, // Algorithm.Argon2id (a const enum, not importable here)
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: 1,
  });
}

/** false for a wrong password and for a stored value that is not an argon2 hash (SSO-only, erased accounts). */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return verify(stored, password).catch(() => false);
}

const dummies = new Map<string, Promise<string>>();

/** Verifies against a throw-away hash of the same cost, so a sign-in for an unknown email takes as long. */
export async function spendVerifyTime(password: string, cost: PasswordCost): Promise<void> {
  const key = `${cost.memoryKib}:${cost.timeCost}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword('dummy-password-for-timing', cost);
    dummies.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
}
