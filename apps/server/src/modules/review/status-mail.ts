/**
 * Hiring status emails with an undo window (issue 13). A status change is stored at once; its email goes out
 * only once the status has stood for STATUS_UNDO_MS, and only when it differs from the last status mailed —
 * so shortlisted → pending → shortlisted (or any toggling inside the window) sends at most one email per real
 * change. A loop (parts.ts) sends what is due; claiming a row first means two servers never send it twice.
 * A status set with notify: false (issue 26; one candidate or many at once) is never mailed. A company's own
 * pipeline stage (issue 26, companies.pipeline.ts) gets the stage's own email when notified (the company's text,
 * or the plain "moved to <stage>" default).
 */
import { DEFAULT_STAGE_MAIL, renderStageMail } from '@assessly/shared';
import { and, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { attempts, tests, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { createPassLoop } from '../../lib/pass-loop';
import { companyStages } from '../companies/companies.pipeline';
import { companyName, displayName, sendTemplated } from './templates';

export const STATUS_UNDO_MS = 60_000;
export const STATUS_MAIL_INTERVAL_MS = 15_000;

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'clock'>;

/** Sends the status emails whose undo window has passed; returns how many were sent. */
export async function sendDueStatusEmails(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - STATUS_UNDO_MS);
  const due = await deps.db
    .select({ attempt: attempts, test: tests, candidate: users })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .innerJoin(users, eq(users.id, attempts.userId))
    .where(
      and(
        isNotNull(attempts.statusChangedAt),
        lte(attempts.statusChangedAt, cutoff),
        ne(attempts.hiringStatus, 'pending'),
        or(isNull(attempts.statusMailed), sql`${attempts.statusMailed} <> ${attempts.hiringStatus}`),
        eq(attempts.isPreview, false),
        // set without telling the candidate (issue 26: the employer chose not to notify)
        eq(attempts.statusSilent, false),
        // a result still awaiting grading is not told (issue 25): the mail waits for the last grade
        eq(attempts.awaitingGrading, false),
      ),
    )
    .limit(200);
  let sent = 0;
  for (const { attempt, test, candidate } of due) {
    const status = attempt.hiringStatus;
    // Claim: only if nothing changed since we read it.
    const claimed = await deps.db
      .update(attempts)
      .set({ statusMailed: status })
      .where(
        and(
          eq(attempts.id, attempt.id),
          eq(attempts.hiringStatus, status),
          eq(attempts.statusChangedAt, attempt.statusChangedAt!),
          eq(attempts.statusSilent, false),
          or(isNull(attempts.statusMailed), ne(attempts.statusMailed, status)),
        ),
      )
      .returning({ id: attempts.id });
    if (claimed.length === 0) continue;
    if (status !== 'shortlisted' && status !== 'rejected') {
      await sendStageEmail(deps, { status, test, candidate });
      sent++;
      continue;
    }
    await sendTemplated(deps, {
      companyId: test.companyId,
      kind: status,
      to: candidate.email,
      mailKind: `status_${status}`,
      locale: test.defaultLocale,
      values: {
        candidateName: displayName(candidate),
        testName: test.testName,
        companyName: await companyName(deps.db, test.companyId),
      },
    });
    sent++;
  }
  return sent;
}

/**
 * A company's own stage: the stage's email as the company wrote it (issue 26), else the plain "moved to <stage>"
 * text (DEFAULT_STAGE_MAIL). Sent as text and as HTML; in the HTML every character of the rendered text (the
 * company's words and the values, a candidate's or test's name included) is escaped.
 */
async function sendStageEmail(
  deps: Deps,
  {
    status,
    test,
    candidate,
  }: {
    status: string;
    test: { companyId: string | null; testName: string };
    candidate: { firstName: string; lastName: string; email: string };
  },
) {
  const stages = test.companyId ? await companyStages(deps.db, test.companyId) : [];
  const stage = stages.find((s) => s.key === status);
  const values = {
    candidateName: displayName(candidate),
    testName: test.testName,
    stageLabel: stage?.label ?? status,
    companyName: await companyName(deps.db, test.companyId),
  };
  const mail = stage?.mail ?? DEFAULT_STAGE_MAIL;
  const text = renderStageMail(mail.body, values);
  await deps.mailer.send({
    to: candidate.email,
    subject: renderStageMail(mail.subject, values),
    text,
    html: textToHtml(text),
    kind: 'status_stage',
  });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Plain text as HTML: escaped, a paragraph per blank-line block, a <br> per line break. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>\n')}</p>`);
  return `<!doctype html><html><body>${paragraphs.join('\n')}</body></html>`;
}

export function createStatusMailLoop(
  getDeps: () => Deps,
  log: { info(msg: string): void; error(obj: unknown, msg: string): void },
  intervalMs = STATUS_MAIL_INTERVAL_MS,
) {
  return createPassLoop({
    pass: () =>
      sendDueStatusEmails(getDeps()).then((n) => {
        if (n > 0) log.info(`sent ${n} hiring status email(s)`);
      }),
    intervalMs,
    log,
    failMessage: 'status email pass failed',
  });
}
