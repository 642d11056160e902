/**
 * Email templates per company (invitation, reminder, shortlisted, rejected) with placeholders
 * {candidateName}, {testName}, {companyName}, {inviteLink}, {endTime}. A company without its own template
 * gets the default below. Used by hiring-status emails and by the invitations module.
 */
import {
  type TCandidateLocale,
  TEMPLATE_KINDS,
  type TEmailTemplate,
  type TTemplateKind,
  type TTemplateUpdate,
} from '@assessly/shared';
import { and, eq } from 'drizzle-orm';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Db } from '../../db/client';
import { companies, emailTemplates } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { formatWhenIn, TRANSLATED_TEMPLATES } from './email-locales';

export const DEFAULT_TEMPLATES: Record<TTemplateKind, { subject: string; body: string }> = {
  invitation: {
    subject: 'You are invited to take {testName} for {companyName}',
    body:
      'Hello {candidateName},\n\n{companyName} invites you to take the assessment "{testName}" on Assessly.\n\n' +
      'Start here (your personal link): {inviteLink}\n\nThe test window closes: {endTime}.\n\nGood luck!\n{companyName}',
  },
  reminder: {
    subject: 'Reminder: {testName} closes soon',
    body:
      'Hello {candidateName},\n\nThis is a reminder that the assessment "{testName}" for {companyName} closes {endTime}.\n\n' +
      'Your personal link: {inviteLink}\n\n{companyName}',
  },
  shortlisted: {
    subject: 'Good news about your {testName} assessment',
    body:
      'Hello {candidateName},\n\nThank you for taking "{testName}". We are pleased to tell you that {companyName} ' +
      'has shortlisted you for the next stage. We will be in touch soon with the details.\n\nBest regards,\n{companyName}',
  },
  rejected: {
    subject: 'Your {testName} assessment',
    body:
      'Hello {candidateName},\n\nThank you for taking "{testName}" and for your interest in {companyName}. ' +
      'After careful review we will not move forward with your application at this time.\n\nWe wish you every success.\n{companyName}',
  },
};

export type TemplateValues = Partial<
  Record<'candidateName' | 'testName' | 'companyName' | 'inviteLink' | 'endTime', string>
>;

/** Replaces known placeholders; unknown ones stay as written so a typo is visible in the preview. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(
    /\{(candidateName|testName|companyName|inviteLink|endTime)\}/g,
    (m, key: keyof TemplateValues) => values[key] ?? m,
  );
}

export async function listTemplates(db: Db, companyId: string): Promise<TEmailTemplate[]> {
  const rows = await db.select().from(emailTemplates).where(eq(emailTemplates.companyId, companyId));
  return TEMPLATE_KINDS.map((kind) => {
    const own = rows.find((r) => r.kind === kind);
    return own
      ? { kind, subject: own.subject, body: own.body, isDefault: false }
      : { kind, ...DEFAULT_TEMPLATES[kind], isDefault: true };
  });
}

export async function saveTemplate(
  db: Db,
  companyId: string,
  input: TTemplateUpdate,
  now: Date,
): Promise<TEmailTemplate> {
  await db
    .insert(emailTemplates)
    .values({ companyId, kind: input.kind, subject: input.subject, body: input.body, updatedAt: now })
    .onConflictDoUpdate({
      target: [emailTemplates.companyId, emailTemplates.kind],
      set: { subject: input.subject, body: input.body, updatedAt: now },
    });
  return { kind: input.kind, subject: input.subject, body: input.body, isDefault: false };
}

export async function resetTemplate(db: Db, companyId: string, kind: TTemplateKind): Promise<void> {
  await db.delete(emailTemplates).where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.kind, kind)));
}

export async function findTemplate(db: Db, companyId: string | null, kind: TTemplateKind) {
  if (companyId) {
    const [own] = await db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.kind, kind)))
      .limit(1);
    if (own) return { subject: own.subject, body: own.body, own: true };
  }
  return { ...DEFAULT_TEMPLATES[kind], own: false };
}

export async function companyName(db: Db, companyId: string | null): Promise<string> {
  if (!companyId) return 'Assessly';
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.name || 'Assessly';
}

/** The end of a window for an email; empty when there is none (the lines that mention it are then left out). */
export function formatWhen(d: Date | null): string {
  if (!d) return '';
  return `${d.toUTCString().replace('GMT', 'UTC')}`;
}

/** Leaves out the lines of a template that mention {endTime} when there is no end time. */
export function withoutEmptyEndTime(text: string, values: TemplateValues): string {
  if (values.endTime !== '') return text;
  return text
    .split('\n')
    .filter((line) => !line.includes('{endTime}'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/**
 * The default template of this kind in the candidate's locale (issue 46), rendered: English as renderTemplate
 * always did, the other locales as ICU messages with the end time in the locale's words.
 */
export function renderDefault(
  kind: TTemplateKind,
  locale: TCandidateLocale,
  values: TemplateValues,
  endAt?: Date | null,
): { subject: string; text: string } {
  if (locale === 'en') {
    const tpl = DEFAULT_TEMPLATES[kind];
    return {
      subject: renderTemplate(tpl.subject, values),
      text: renderTemplate(withoutEmptyEndTime(tpl.body, values), values),
    };
  }
  const tpl = TRANSLATED_TEMPLATES[locale][kind];
  const local = { ...values, ...(endAt !== undefined ? { endTime: formatWhenIn(endAt, locale) } : {}) };
  const all = { candidateName: '', testName: '', companyName: '', inviteLink: '', endTime: '', ...local };
  const format = (text: string) => String(new IntlMessageFormat(text, locale).format(all));
  return { subject: format(tpl.subject), text: format(withoutEmptyEndTime(tpl.body, local)) };
}

/**
 * Renders the company's template of this kind and sends it. A company's own template is sent as written; the
 * default one in the test's language (`locale`, issue 46; `endAt` is the window's end for the locale's date).
 */
export async function sendTemplated(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  opts: {
    companyId: string | null;
    kind: TTemplateKind;
    to: string;
    values: TemplateValues;
    mailKind: string;
    locale?: TCandidateLocale;
    endAt?: Date | null;
  },
) {
  const tpl = await findTemplate(deps.db, opts.companyId, opts.kind);
  const mail = tpl.own
    ? {
        subject: renderTemplate(tpl.subject, opts.values),
        text: renderTemplate(withoutEmptyEndTime(tpl.body, opts.values), opts.values),
      }
    : renderDefault(opts.kind, opts.locale ?? 'en', opts.values, opts.endAt);
  return deps.mailer.send({ to: opts.to, subject: mail.subject, text: mail.text, kind: opts.mailKind });
}

export function displayName(u: { firstName: string; lastName: string; email: string }): string {
  const name = `${u.firstName} ${u.lastName}`.trim();
  return name || u.email.split('@')[0] || u.email;
}
