/**
 * The public contact form: the message is stored first (nothing is lost when the mail server is down), then
 * mailed to the operator's CONTACT_EMAIL. Without that address the form is not offered and a post is refused.
 */
import type { TContactMessage, TContactSent } from '@assessly/shared';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';

export async function sendContactMessage(
  deps: { db: Db; mailer: Mailer; contactEmail: string | null | undefined },
  input: TContactMessage,
): Promise<TContactSent> {
  if (!deps.contactEmail) {
    throw new AppError('SERVICE_UNAVAILABLE', 'This installation has no contact address; ask the person who runs it.');
  }
  const [row] = await deps.db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  const id = row!.id;
  const text = [
    `From: ${input.name} <${input.email}>`,
    `Subject: ${input.subject}`,
    '',
    input.message,
    '',
    `Reply to ${input.email}. Sent through the contact form (message ${id}).`,
  ].join('\n');
  const sent = await deps.mailer.send({
    to: deps.contactEmail,
    subject: `Contact form: ${input.subject}`,
    text,
    kind: 'contact',
  });
  return { id, delivered: sent.delivered };
}
