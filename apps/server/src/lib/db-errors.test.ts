import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/factories';
import { useTestApp } from '../../test/support';
import { POSTGRES_TEST_URL } from '../../test/test-databases';
import { users } from '../db/schema';
import { isLostConnection, isUniqueViolation, keepRunningOnLostConnection } from './db-errors';

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

describe('isLostConnection and keepRunningOnLostConnection', () => {
  it('recognises a connection the PostgreSQL server terminated, and no other error', async () => {
    const victim = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    victim.on('error', () => {}); // the terminated connection also emits its error on the client
    await victim.connect();
    await admin.connect();
    try {
      const { pid } = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0] ?? { pid: 0 };
      const pending = victim.query('SELECT pg_sleep(30)').catch((e: unknown) => e);
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const err = await pending;
      expect(isLostConnection(err)).toBe(true);
      const syntax = await admin.query('SELEC 1').catch((e: unknown) => e);
      expect(isLostConnection(syntax)).toBe(false);
      expect(isLostConnection(new Error('connection refused by policy'))).toBe(false);
      // a reset socket under a query, as node-postgres passes it on (seen once in 200 tries of the query below)
      const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' });
      expect(isLostConnection(reset)).toBe(true);
      expect(isLostConnection(Object.assign(new Error('open x'), { code: 'ENOENT' }))).toBe(false);
      // the same client afterwards: node-postgres refuses the query without asking the server
      const after = await victim.query('SELECT 1').catch((e: unknown) => e);
      expect(isLostConnection(after)).toBe(true);
    } finally {
      await admin.end();
      await victim.end().catch(() => {});
    }
  });

  it('keeps the process running on a lost connection and rethrows anything else', () => {
    const warned: string[] = [];
    const remove = keepRunningOnLostConnection({ warn: (_o, msg) => warned.push(msg) });
    try {
      const handler = process.listeners('unhandledRejection').at(-1) as (err: unknown) => void;
      handler(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
      expect(warned).toHaveLength(1);
      const other = new TypeError('undefined is not a function');
      expect(() => handler(other)).toThrow(other);
    } finally {
      remove();
    }
  });
});
