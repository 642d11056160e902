/**
 * Live interviews: scheduling (with the candidate's invitation mail), the company's list, ending, the
 * scorecard, and the room as each side sees it. Services never see request/reply; the socket side lives in
 * interviews.rooms.ts and interviews.sync.ts.
 */
import {
  JUDGE_LANGUAGES,
  type TInterviewCreate,
  type TInterviewCreated,
  type TInterviewDetail,
  type TInterviewHistory,
  type TInterviewRoom,
  type TInterviewSummary,
  type TScorecard,
} from '@assessly/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { codingProblems, type InterviewRow, interviewRuns, interviews, type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { authorize } from '../../lib/policy';
import { createToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { requireVerifiedSender } from '../companies/verified-sender';
import { companyName } from '../review/templates';
import { emitEvent } from '../webhooks/webhooks.events';
import { memberRole, type Participant, requireCompanyInterview, statusOf } from './interviews.access';
import { eraseOneInterview } from './interviews.erasure';
import type { RoomHub } from './interviews.rooms';
import { toRoomProblem, toRoomRun } from './interviews.run';
import { listUpdates } from './interviews.store';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'judging'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(row: InterviewRow): TInterviewSummary {
  return {
    id: row.id,
    title: row.title,
    candidateEmail: row.candidateEmail,
    status: statusOf(row),
    scheduledAt: iso(row.scheduledAt),
    durationMinutes: row.durationMinutes,
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    createdAt: row.createdAt.toISOString(),
    hasScorecard: row.scorecard != null,
    scorecard: row.scorecard,
  };
}

/** The link in the invitation: the room page with the candidate's join token. */
function joinUrlOf(deps: Pick<Deps, 'config'>, id: string, token: string): string {
  return `${deps.config.publicUrl}/interview/${id}?token=${encodeURIComponent(token)}`;
}

async function requireCompanyProblems(deps: Deps, companyId: string, ids: string[]) {
  if (ids.length === 0) return;
  const found = await deps.db
    .select({ id: codingProblems.id })
    .from(codingProblems)
    .where(and(inArray(codingProblems.id, ids), eq(codingProblems.companyId, companyId)));
  if (found.length !== new Set(ids).size) {
    throw new AppError('VALIDATION', 'Some problems are not in your library', { problemIds: 'Unknown problem' });
  }
}

async function requireCompanyMembers(deps: Deps, companyId: string, ids: string[]) {
  if (ids.length === 0) return;
  const found = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.companyId, companyId), eq(users.role, 'employer')));
  if (found.length !== new Set(ids).size) {
    throw new AppError('VALIDATION', 'Interviewers must be members of your company', {
      interviewerIds: 'Unknown interviewer',
    });
  }
}

export async function createInterview(
  deps: Deps,
  user: UserRow,
  input: TInterviewCreate,
  ip: string,
): Promise<TInterviewCreated> {
  authorize(user, 'interviews.create');
  await requireVerifiedSender(deps.db, user, 'invitations.send');
  const companyId = user.companyId;
  if (!companyId) throw new AppError('FORBIDDEN', 'Interviews belong to a company');
  const problemIds = [...new Set(input.problemIds ?? [])];
  const interviewerIds = [...new Set(input.interviewerIds ?? [])];
  await requireCompanyProblems(deps, companyId, problemIds);
  await requireCompanyMembers(deps, companyId, interviewerIds);
  const { token, hash } = createToken();
  const [row] = await deps.db
    .insert(interviews)
    .values({
      companyId,
      createdBy: user.id,
      title: input.title,
      candidateEmail: input.candidateEmail,
      candidateName: input.candidateName || null,
      joinTokenHash: hash,
      scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
      durationMinutes: input.durationMinutes ?? null,
      languages: input.languages ?? [],
      problemIds,
      interviewerIds,
      createdAt: deps.clock.now(),
    })
    .returning();
  const id = row!.id;
  const joinUrl = joinUrlOf(deps, id, token);
  const company = await companyName(deps.db, companyId);
  const when = row!.scheduledAt ? ` on ${row!.scheduledAt.toUTCString()}` : '';
  const length = row!.durationMinutes ? ` It is planned for ${row!.durationMinutes} minutes.` : '';
  await deps.mailer.send({
    to: input.candidateEmail,
    kind: 'interview_invitation',
    subject: `${company} invites you to a live interview: ${input.title}`,
    text:
      `${company} invites you to a live coding interview, "${input.title}"${when}.${length}\n\n` +
      `Join the interview room with this personal link (no account needed; do not share it):\n${joinUrl}\n\n` +
      'You will write and run code together in the browser. Camera and microphone are optional.',
  });
  await recordAudit(deps.db, {
    companyId,
    actorId: user.id,
    action: 'interview.create',
    targetType: 'interview',
    targetId: id,
    ip,
    // No address here: the audit log outlives an erasure; the interview row (erasable) holds it.
    detail: { scheduledAt: iso(row!.scheduledAt), interviewers: interviewerIds.length },
  });
  return { id, joinUrl };
}

/**
 * The company's interviews, newest first, or one candidate address's. A reviewer sees the ended ones and those
 * they are named in.
 */
export async function listInterviews(deps: Deps, user: UserRow, candidateEmail?: string): Promise<TInterviewSummary[]> {
  authorize(user, 'interviews.read');
  if (!user.companyId) return [];
  const rows = await deps.db
    .select()
    .from(interviews)
    .where(
      and(
        eq(interviews.companyId, user.companyId),
        candidateEmail ? sql`lower(${interviews.candidateEmail}) = ${candidateEmail.toLowerCase()}` : undefined,
      ),
    )
    .orderBy(desc(interviews.createdAt))
    .limit(500);
  return rows.filter((r) => memberRole(user, r) !== null).map(toSummary);
}

async function runsOf(deps: Pick<Deps, 'db'>, interviewId: string) {
  const rows = await deps.db
    .select()
    .from(interviewRuns)
    .where(eq(interviewRuns.interviewId, interviewId))
    .orderBy(asc(interviewRuns.createdAt));
  return rows;
}

async function requireVisible(deps: Deps, user: UserRow, id: string) {
  const row = await requireCompanyInterview(deps.db, user, id);
  if (!memberRole(user, row)) {
    throw new AppError('FORBIDDEN', 'Reviewers can read an interview once it has ended.');
  }
  return row;
}

export async function readInterview(deps: Deps, user: UserRow, id: string): Promise<TInterviewDetail> {
  const row = await requireVisible(deps, user, id);
  const runs = await runsOf(deps, id);
  return {
    ...toSummary(row),
    languages: row.languages,
    problemIds: row.problemIds,
    interviewerIds: row.interviewerIds,
    revealedProblemId: row.revealedProblemId,
    scorecardAt: iso(row.scorecardAt),
    runs: runs.map((r) => toRoomRun(r, 'interviewer')),
  };
}

/** Every judge language when the interview does not restrict them (new judge languages appear by themselves). */
async function roomLanguages(deps: Deps, row: InterviewRow): Promise<string[]> {
  if (row.languages.length > 0) return row.languages;
  const judge = deps.judging?.judge;
  if (!judge) return [...JUDGE_LANGUAGES];
  const available = (await judge.languages()).filter((l) => l.available).map((l) => l.id);
  return available.length > 0 ? available : [...JUDGE_LANGUAGES];
}

export async function revealedProblem(deps: Pick<Deps, 'db'>, row: InterviewRow) {
  if (!row.revealedProblemId) return null;
  const [p] = await deps.db.select().from(codingProblems).where(eq(codingProblems.id, row.revealedProblemId)).limit(1);
  if (!p) return null;
  return toRoomProblem(p);
}

export async function readRoom(deps: Deps, who: Participant): Promise<TInterviewRoom> {
  const row = who.interview;
  const runs = await runsOf(deps, row.id);
  return {
    id: row.id,
    title: row.title,
    status: statusOf(row),
    role: who.role,
    name: who.name,
    languages: await roomLanguages(deps, row),
    problem: await revealedProblem(deps, row),
    runs: runs.map((r) => toRoomRun(r, who.role)),
    iceServers: deps.config.interviewIceServers ?? [],
  };
}

/** The first participant to connect starts the interview (scheduled → live). */
export async function markStarted(deps: Pick<Deps, 'db' | 'clock'>, row: InterviewRow) {
  if (row.startedAt || row.endedAt) return;
  await deps.db
    .update(interviews)
    .set({ startedAt: deps.clock.now() })
    .where(and(eq(interviews.id, row.id)));
}

export async function endInterview(
  deps: Deps,
  hub: RoomHub,
  user: UserRow,
  id: string,
  ip: string,
): Promise<TInterviewSummary> {
  const row = await requireCompanyInterview(deps.db, user, id);
  if (memberRole(user, row) !== 'interviewer') authorize(user, 'interviews.conduct');
  if (row.endedAt) return toSummary(row);
  const now = deps.clock.now();
  const [ended] = await deps.db
    .update(interviews)
    .set({ endedAt: now, startedAt: row.startedAt ?? now })
    .where(eq(interviews.id, id))
    .returning();
  await hub.end(id);
  await recordAudit(deps.db, {
    companyId: row.companyId,
    actorId: user.id,
    action: 'interview.end',
    targetType: 'interview',
    targetId: id,
    ip,
  });
  await emitEvent(deps, row.companyId, 'interview.completed', id, {
    interviewId: id,
    title: row.title,
    candidateEmail: row.candidateEmail,
    startedAt: iso(ended!.startedAt),
    endedAt: iso(ended!.endedAt),
  });
  return toSummary(ended!);
}

export async function saveScorecard(
  deps: Deps,
  user: UserRow,
  id: string,
  card: TScorecard,
  ip: string,
): Promise<TScorecard> {
  const row = await requireCompanyInterview(deps.db, user, id);
  if (!row.interviewerIds.includes(user.id)) authorize(user, 'interviews.scorecard');
  await deps.db
    .update(interviews)
    .set({ scorecard: card, scorecardBy: user.id, scorecardAt: deps.clock.now() })
    .where(eq(interviews.id, id));
  await recordAudit(deps.db, {
    companyId: row.companyId,
    actorId: user.id,
    action: 'interview.scorecard',
    targetType: 'interview',
    targetId: id,
    ip,
    detail: { recommendation: card.recommendation },
  });
  return card;
}

/** The stored history of the code document and the runs, for the replay scrubber (interviewers and reviewers). */
export async function readHistory(deps: Deps, user: UserRow, id: string): Promise<TInterviewHistory> {
  await requireVisible(deps, user, id);
  const updates = await listUpdates(deps.db, id, 'code');
  const runs = await runsOf(deps, id);
  return {
    updates: updates.map((u) => ({ at: u.createdAt.toISOString(), data: Buffer.from(u.data).toString('base64') })),
    runs: runs.map((r) => toRoomRun(r, 'interviewer')),
  };
}

/** An owner or admin deletes one interview and everything in it (audited, without the address). */
export async function eraseInterview(deps: Deps, hub: RoomHub, user: UserRow, id: string, ip: string) {
  const row = await requireCompanyInterview(deps.db, user, id);
  authorize(user, 'interviews.erase');
  await hub.forget(id);
  await deps.db.transaction((tx) => eraseOneInterview(tx, id, row.companyId));
  await recordAudit(deps.db, {
    companyId: row.companyId,
    actorId: user.id,
    action: 'interview.erased',
    targetType: 'interview',
    targetId: id,
    ip,
    detail: { status: statusOf(row) },
  });
  return { ok: true as const, message: 'The interview and everything in it have been deleted.' };
}
