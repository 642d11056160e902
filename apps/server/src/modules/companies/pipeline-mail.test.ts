/**
 * Issue 26: the email of a company's own pipeline stage. The company writes a subject and body per own stage
 * (placeholders {candidateName}, {testName}, {stageLabel}, {companyName}), stored with the pipeline; the default
 * "moved to <stage>" text otherwise. Saving validates lengths, placeholders and built-in stages (400 with the
 * field). A notified move delivers the company's text to a real SMTP peer (smtp-server on loopback), as text and
 * as HTML with every character of the rendered text escaped.
 */
import { DEFAULT_STAGE_MAIL } from '@assessly/shared';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { call } from '../../../test/fixtures/authoring';
import { seedAttempt } from '../../../test/fixtures/review';
import { type ReceivedMail, useSmtpPeer } from '../../../test/fixtures/smtp';
import { useTeam, useTestApp } from '../../../test/support';
import { createMailer } from '../../lib/mailer';
import { STATUS_UNDO_MS, sendDueStatusEmails } from '../review/status-mail';

const { inbox, url: smtpUrl } = useSmtpPeer();

const t = useTestApp();
const team = useTeam(t);
beforeAll(() => {
  t.deps.mailer = createMailer({ db: t.deps.db, smtpUrl: smtpUrl(), log: pino({ level: 'silent' }) });
});

/** The headers and decoded text of each MIME part of a message (or of the message itself when it is one part). */
function parts(raw: string): { type: string; text: string }[] {
  const split = (block: string) => {
    const at = block.indexOf('\r\n\r\n');
    return { head: block.slice(0, at).replace(/\r\n[ \t]+/g, ' '), body: block.slice(at + 4) };
  };
  const decode = (head: string, body: string) => {
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const soft = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(soft.slice(i + 1, i + 3))) {
          bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(soft.charCodeAt(i));
      }
      return Buffer.from(bytes).toString('utf8');
    }
    return body;
  };
  const { head, body } = split(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (!boundary) return [{ type: /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1] ?? '', text: decode(head, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((block) => split(block.replace(/^\r\n/, '')))
    .map((p) => ({ type: /content-type:\s*([^;\r\n]+)/i.exec(p.head)?.[1] ?? '', text: decode(p.head, p.body) }));
}

function subjectOf(raw: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '';
}

/** The first message to this address whose subject matches (a new account also gets its verification mail). */
async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  for (let i = 0; i < 200; i++) {
    const found = inbox.find((m) => m.to.includes(to) && subject.test(subjectOf(m.raw)));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${to} arrived at the SMTP peer`);
}

type Stage = { key?: string; label: string; mail?: { subject: string; body: string } | null };
const put = (stages: Stage[], who = team.owner) => call(t.app, 'PUT', '/api/companies/me/pipeline', who, { stages });
const current = async () =>
  (await call(t.app, 'GET', '/api/companies/me/pipeline', team.owner)).json().stages as {
    key: string;
    label: string;
    builtIn: boolean;
    mail: { subject: string; body: string } | null;
  }[];
const withMail = (stages: Stage[], key: string, mail: Stage['mail']) =>
  stages.map((s) => ({ key: s.key, label: s.label, ...(s.key === key ? { mail } : {}) }));

const OFFER_MAIL = {
  subject: 'An offer from {companyName} for {candidateName}',
  body:
    'Dear {candidateName},\n\n{companyName} would like to make you an offer after "{testName}" ({stageLabel}).\n' +
    '<b>Call us</b> & reply.\n\nThe hiring team',
};

describe("a stage's own email", () => {
  it('is saved with the pipeline, kept when left out, reset with null, and validated with a clear 400', async () => {
    const stages = await current();
    expect(stages.every((s) => s.mail === null)).toBe(true);
    const saved = await put(withMail(stages, 'offer', OFFER_MAIL));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().stages.find((s: { key: string }) => s.key === 'offer').mail).toEqual(OFFER_MAIL);
    // every role of the company reads it with the stages
    const read = await call(t.app, 'GET', '/api/companies/me/pipeline', team.reviewer);
    expect(read.json().stages.find((s: { key: string }) => s.key === 'offer').mail).toEqual(OFFER_MAIL);
    // a save that leaves mail out (a rename here) keeps the email
    const renamed = await put(stages.map((s) => ({ key: s.key, label: s.key === 'hired' ? 'Hired!' : s.label })));
    expect(renamed.statusCode).toBe(200);
    expect((await current()).find((s) => s.key === 'offer')?.mail).toEqual(OFFER_MAIL);

    const refused = async (body: Stage[], field: string, message: string) => {
      const res = await put(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    };
    const i = stages.findIndex((s) => s.key === 'interview');
    await refused(
      withMail(stages, 'interview', { subject: 'x'.repeat(201), body: 'Hello' }),
      `stages.${i}.mail.subject`,
      'A subject is at most 200 characters',
    );
    await refused(
      withMail(stages, 'interview', { subject: 'Hello', body: 'x'.repeat(5001) }),
      `stages.${i}.mail.body`,
      'An email text is at most 5000 characters',
    );
    await refused(
      withMail(stages, 'interview', { subject: 'Hello', body: '   ' }),
      `stages.${i}.mail.body`,
      'The email needs a text',
    );
    await refused(
      withMail(stages, 'interview', { subject: 'Hello {candidate}', body: 'Hi' }),
      `stages.${i}.mail.subject`,
      'Unknown placeholder {candidate}: use {candidateName}, {testName}, {stageLabel} or {companyName}',
    );
    const s = stages.findIndex((x) => x.key === 'shortlisted');
    await refused(
      withMail(stages, 'shortlisted', { subject: 'Hello', body: 'Hi' }),
      `stages.${s}.mail`,
      'Shortlisted keeps its own email: change it on the Email templates page',
    );
    // nothing refused was stored
    expect((await current()).find((x) => x.key === 'interview')?.mail).toBeNull();
    // recruiters and reviewers cannot change it
    expect((await put(withMail(stages, 'interview', OFFER_MAIL), team.recruiter)).statusCode).toBe(403);
    expect((await put(withMail(stages, 'interview', OFFER_MAIL), team.reviewer)).statusCode).toBe(403);

    // null is the default text again
    const reset = await put(withMail(await current(), 'hired', null));
    expect(reset.statusCode).toBe(200);
    expect(reset.json().stages.find((x: { key: string }) => x.key === 'hired').mail).toBeNull();
  });

  it("reaches a real SMTP peer with the company's text, escaped in the HTML part; the default text without one", async () => {
    expect(t.deps.mailer.mode).toBe('smtp');
    const saved = await put(withMail(await current(), 'offer', OFFER_MAIL));
    expect(saved.statusCode).toBe(200);
    const { test } = await buildCodingTest(t.deps.db, { employer: team.owner, name: 'Offer round' });
    const cand = await createSignedInUser(t.app, { firstName: 'Ann', lastName: 'Lee' });
    // a name as a candidate could type it elsewhere: markup must reach the HTML part as text
    await t.deps.database.query("UPDATE users SET first_name = 'Ann <i>' WHERE id = $1", [cand.id]);
    const attempt = await seedAttempt(t.deps.db, test.id, cand.id);
    const moved = await call(t.app, 'PUT', `/api/review/attempts/${attempt.id}/status`, team.recruiter, {
      status: 'offer',
      notify: true,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().emailAt).not.toBeNull();
    t.clock.advance(STATUS_UNDO_MS + 1000);
    expect(await sendDueStatusEmails(t.deps)).toBeGreaterThanOrEqual(1);

    const mail = await waitForMail(cand.email, /offer/);
    const [company] = await t.deps.database.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [
      team.owner.companyId,
    ]);
    expect(subjectOf(mail.raw)).toBe(`An offer from ${company!.name} for Ann <i> Lee`);
    const got = parts(mail.raw);
    const text = got.find((p) => p.type === 'text/plain')?.text ?? '';
    const html = got.find((p) => p.type === 'text/html')?.text ?? '';
    expect(text).toContain('Dear Ann <i> Lee,');
    expect(text).toContain(`${company!.name} would like to make you an offer after "Offer round" (Offer).`);
    expect(text).toContain('<b>Call us</b> & reply.');
    expect(html).toContain('Dear Ann &lt;i&gt; Lee,');
    expect(html).toContain('&lt;b&gt;Call us&lt;/b&gt; &amp; reply.');
    expect(html).toContain('&quot;Offer round&quot;');
    expect(html).not.toMatch(/<i>|<b>/);

    // a stage without its own email sends the default text
    const other = await createSignedInUser(t.app, { firstName: 'Bo', lastName: 'Ng' });
    const second = await seedAttempt(t.deps.db, test.id, other.id);
    expect(
      (await call(t.app, 'PUT', `/api/review/attempts/${second.id}/status`, team.owner, { status: 'interview' }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(STATUS_UNDO_MS + 1000);
    await sendDueStatusEmails(t.deps);
    const plain = await waitForMail(other.email, /moved to/);
    expect(subjectOf(plain.raw)).toBe(
      DEFAULT_STAGE_MAIL.subject.replace('{testName}', 'Offer round').replace('{stageLabel}', 'Interview'),
    );
    expect(parts(plain.raw).find((p) => p.type === 'text/plain')?.text).toContain('Your application for "Offer round"');
  });
});
