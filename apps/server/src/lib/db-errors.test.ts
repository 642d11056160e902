import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/factories';
import { useTestApp } from '../../test/support';
import { users } from '../db/schema';
import { isUniqueViolation } from './db-errors';

const t = useTestApp();

describe('isUniqueViolation', () => {
  it('recognises a duplicate on the named index, through Drizzle, in this database mode', async () => {
    const email = uniqueEmail('dup');
    await t.deps.db.insert(users).values({ email, passwordHash: 'x' });
    const err = await t.deps.db
      .insert(users)
      .values({ email: email.toUpperCase(), passwordHash: 'x' })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(err, 'companies_email_key')).toBe(false);
  });

  it('is false for other errors', async () => {
    const err = await t.deps.database.query('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect(isUniqueViolation(err, 'users_email_key')).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key users_email_key'), 'users_email_key')).toBe(false);
  });
});
