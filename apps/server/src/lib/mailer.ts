/**
 * Mail: every message is written to the outbox table first (an audit trail, and the embedded default's
 * delivery), then sent over SMTP when SMTP_URL is set, or printed to the server log when it is not.
 */

import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send(msg: MailMessage): Promise<{ id: string; delivered: boolean }>;
}

export function createMailer(opts: { db: Db; smtpUrl?: string | null; from?: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const from = opts.from ?? 'Assessly <no-reply@assessly.local>';
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(input) {
      // Header fields are single lines: a CR/LF in a subject (a test name, a company's template) or an address
      // must never start a header of its own, whatever the transport does about it.
      const msg = { ...input, to: oneLine(input.to), subject: oneLine(input.subject) };
      const [row] = await opts.db
        .insert(outbox)
        .values({
          toAddress: msg.to,
          subject: msg.subject,
          bodyText: msg.text,
          bodyHtml: msg.html ?? null,
          kind: msg.kind,
        })
        .returning({ id: outbox.id });
      const id = row!.id;
      if (!transport) {
        // Issue 42: never the body. It holds sign-in, reset and invitation links, and logs travel further than the
        // database (log shippers, support tickets); the operator reads the mail in the outbox table.
        opts.log.info({ outboxId: id, kind: msg.kind }, `mail stored in the outbox (no SMTP_URL): to=${msg.to}`);
        return { id, delivered: false };
      }
      try {
        await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
        await opts.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, id));
        return { id, delivered: true };
      } catch (err) {
        opts.log.error({ err }, `mail to ${msg.to} failed`);
        await opts.db
          .update(outbox)
          .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
          .where(eq(outbox.id, id));
        return { id, delivered: false };
      }
    },
  };
}

function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
