/**
 * Mail against a real SMTP peer: an smtp-server on loopback receives what nodemailer sends with
 * SMTP_URL=smtp://127.0.0.1:PORT?ignoreTLS=true (a plain local server offers no TLS).
 */
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { validRegistration } from '../../../test/fixtures/companies';
import { type ReceivedMail, useSmtpPeer } from '../../../test/fixtures/smtp';
import { useTestApp } from '../../../test/support';
import { createMailer } from '../../lib/mailer';

const { inbox, refused, url: smtpUrl } = useSmtpPeer();
const t = useTestApp();
beforeAll(() => {
  // The routes read deps.mailer per request, so the app now mails through the peer.
  t.deps.mailer = createMailer({ db: t.deps.db, smtpUrl: smtpUrl(), log: pino({ level: 'silent' }) });
});

/** The decoded text of a received message (nodemailer may send quoted-printable). */
function decodeBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return /content-transfer-encoding:\s*quoted-printable/i.test(raw)
    ? body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    : body;
}

async function waitForMail(to: string): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i++) {
    const found = inbox.find((m) => m.to.includes(to));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${to} arrived at the SMTP peer`);
}

describe('verification mail over SMTP', () => {
  it('registration delivers the verification link to the SMTP peer, and the link verifies the admin', async () => {
    expect(t.deps.mailer.mode).toBe('smtp');
    const form = validRegistration();
    const res = await t.as(null).post('/api/register-company', form);
    expect(res.statusCode).toBe(201);

    const mail = await waitForMail(String(form.adminEmail));
    expect(mail.to).toEqual([form.adminEmail]);
    expect(mail.from).toBe('no-reply@assessly.local');
    expect(mail.raw).toMatch(/^Subject: Verify your email for Assessly\r?$/m);
    const text = decodeBody(mail.raw);
    const link = /(https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_-]+))/.exec(text);
    expect(link?.[1]?.startsWith(`${t.deps.config.publicUrl}/verify-email?token=`)).toBe(true);

    const [row] = await t.deps.database.query<{ status: string }>('SELECT status FROM outbox WHERE to_address = $1', [
      form.adminEmail,
    ]);
    expect(row!.status).toBe('sent');

    const verify = await t.as(null).post('/api/companies/verify-email', { token: link![2] });
    expect(verify.statusCode).toBe(200);
    const [user] = await t.deps.database.query<{ email_verified_at: Date | null }>(
      'SELECT email_verified_at FROM users WHERE email = $1',
      [form.adminEmail],
    );
    expect(user!.email_verified_at).not.toBeNull();
  });

  it('a refused delivery still registers the company, records the failure, and Resend delivers later', async () => {
    const form = validRegistration();
    const email = String(form.adminEmail);
    refused.add(email);
    const res = await t.as(null).post('/api/register-company', form);
    expect(res.statusCode).toBe(201);
    const [failed] = await t.deps.database.query<{ status: string; error: string }>(
      'SELECT status, error FROM outbox WHERE to_address = $1',
      [email],
    );
    expect(failed!.status).toBe('failed');
    expect(failed!.error).toMatch(/550/);
    expect(inbox.some((m) => m.to.includes(email))).toBe(false);

    refused.delete(email);
    t.clock.advance(61_000);
    try {
      const resend = await t.as(null).post('/api/companies/resend-verification', { email });
      expect(resend.statusCode).toBe(200);
      const mail = await waitForMail(email);
      expect(decodeBody(mail.raw)).toContain('/verify-email?token=');
    } finally {
      t.clock.set(new Date());
    }
  });
});
