/**
 * The contact form stores each message and mails it to CONTACT_EMAIL through a real SMTP peer (smtp-server on
 * loopback, as in companies-mail.test.ts).
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSmtpPeer } from '../../../test/fixtures/smtp';
import { useTestApp } from '../../../test/support';
import { contactMessages } from '../../db/schema';
import { createMailer } from '../../lib/mailer';
import { CONTACT_LIMIT } from './contact.routes';

const OPERATOR = 'hello@operator.example';
const { inbox, url: smtpUrl } = useSmtpPeer();

const t = useTestApp();
beforeAll(() => {
  t.deps.mailer = createMailer({ db: t.deps.db, smtpUrl: smtpUrl(), log: pino({ level: 'silent' }) });
});

const message = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'A demo for our team',
  message: 'Could we try Assessly with five engineers next week?',
  ...over,
});
// Each post comes from its own address so the per-address limit stays out of the way except where tested.
let ip = 0;
const post = (body: unknown, from = `10.0.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: body as object, remoteAddress: from });

describe('POST /api/contact', () => {
  it('is refused with a clear 503 and stores nothing when no CONTACT_EMAIL is configured', async () => {
    t.deps.config = { ...t.deps.config, contactEmail: null };
    expect((await t.as(null).get('/api/contact')).json()).toEqual({ address: null });
    const res = await post(message());
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/no contact address/);
    expect(await t.deps.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('stores the message and delivers it to the configured address at the SMTP peer', async () => {
    t.deps.config = { ...t.deps.config, contactEmail: OPERATOR };
    expect((await t.as(null).get('/api/contact')).json()).toEqual({ address: OPERATOR });
    const res = await post(message());
    expect(res.statusCode).toBe(201);
    expect(res.json().delivered).toBe(true);
    const [row] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.org', subject: 'A demo for our team' });
    const mail = inbox.find((m) => m.to.includes(OPERATOR));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/Subject: Contact form: A demo for our team/);
    expect(mail!.raw).toContain('five engineers');
    expect(mail!.raw).toContain('ada@example.org');
  });

  it('keeps the message when the mail server is down, and says it was not delivered', async () => {
    t.deps.config = { ...t.deps.config, contactEmail: OPERATOR };
    const working = t.deps.mailer;
    t.deps.mailer = createMailer({ db: t.deps.db, smtpUrl: 'smtp://127.0.0.1:1', log: pino({ level: 'silent' }) });
    try {
      const res = await post(message({ subject: 'Mail server down' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().delivered).toBe(false);
      const rows = await t.deps.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.subject, 'Mail server down'));
      expect(rows).toHaveLength(1);
    } finally {
      t.deps.mailer = working;
    }
  });

  it('answers 400 naming the field for a bad address, an empty message or a header-injection subject', async () => {
    t.deps.config = { ...t.deps.config, contactEmail: OPERATOR };
    const bad = await post(message({ email: 'not-an-address' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('email');
    expect((await post(message({ message: '   ' }))).statusCode).toBe(400);
    expect((await post(message({ subject: 'x'.repeat(201) }))).statusCode).toBe(400);
    const injected = await post(message({ subject: 'Hi\r\nBcc: victim@example.org' }));
    expect(injected.statusCode).toBe(201);
    const mail = inbox.find((m) => m.raw.includes('Hi Bcc'));
    expect(mail?.to).toEqual([OPERATOR]);
  });

  it(`limits one address to ${CONTACT_LIMIT} messages a minute`, async () => {
    t.deps.config = { ...t.deps.config, contactEmail: OPERATOR };
    const codes: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT; i++) codes.push((await post(message(), '10.9.9.9')).statusCode);
    expect(codes.slice(0, CONTACT_LIMIT).every((c) => c === 201)).toBe(true);
    expect(codes[CONTACT_LIMIT]).toBe(429);
  });
});
