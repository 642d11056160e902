/**
 * Issue 42: without SMTP_URL a mail is stored in the outbox and the log says so, never what it says: the body holds
 * sign-in, reset and invitation links that must not travel with the logs.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support';
import { outbox } from '../db/schema';
import { createMailer } from './mailer';

const t = useTestApp();

describe('the outbox mailer (no SMTP_URL)', () => {
  it('stores the whole mail and logs neither its body nor its link', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mailer = createMailer({ db: t.deps.db, smtpUrl: null, log: pino({ level: 'info' }, sink) });
    const secret =
      'https://assessly.example/join?token=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    const { id, delivered } = await mailer.send({
      to: 'invitee@mail.test',
      kind: 'company_invite',
      subject: 'Join Acme on Assessly',
      text: `Open this link to create your account:\n\n${secret}\n`,
    });
    expect(delivered).toBe(false);
    const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.bodyText).toContain(secret);
    const log = lines.join('');
    expect(log).toContain('mail stored in the outbox');
    expect(log).toContain('invitee@mail.test');
    expect(log).not.toContain('token=');
    expect(log).not.toContain('9f86d081884c7d659a2f');
    expect(log).not.toContain('Open this link');
  });
});
