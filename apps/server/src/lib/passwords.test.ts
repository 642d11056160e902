import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP cost unless the config says otherwise', async () => {
    const cost = readConfig({}).passwordCost;
    expect(cost).toEqual({ memoryKib: 19456, timeCost: 2 });
    expect(await hashPassword('correct horse', cost)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('reads a cheaper cost from the environment, and a hash verifies whatever cost made it', async () => {
    const cheap = readConfig({ ARGON2_MEMORY_KIB: '64', ARGON2_TIME_COST: '1' }).passwordCost;
    const stored = await hashPassword('correct horse', cheap);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'correct horse')).toBe(false);
    expect(() => readConfig({ ARGON2_TIME_COST: '0' })).toThrow(/ARGON2_TIME_COST/);
  });
});
