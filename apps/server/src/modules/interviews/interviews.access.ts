/**
 * Who is in an interview room and on which side. One rule for HTTP calls and sockets:
 * - a member of the interview's company who may conduct interviews (or is named among its interviewers) is an
 *   interviewer; any other member may read the interview once it has ended (a reviewer);
 * - the holder of the candidate's join token is the candidate (from the invitation link; no account needed);
 * - anyone else: 401 without any identity, 404 otherwise (another company never learns the room exists).
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type InterviewRow, interviews, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { can, sameTenant } from '../../lib/policy';
import { hashToken } from '../../lib/tokens';

export type RoomRole = 'interviewer' | 'candidate' | 'reviewer';

export interface Participant {
  role: RoomRole;
  /** The signed-in user, null for a candidate who came with the join token. */
  user: UserRow | null;
  name: string;
  interview: InterviewRow;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export async function findInterview(db: Db, id: string): Promise<InterviewRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id)).limit(1);
  return row ?? null;
}

function tokenMatches(row: InterviewRow, token: string | null | undefined): boolean {
  if (!token || token.length > 200) return false;
  const a = Buffer.from(hashToken(token));
  const b = Buffer.from(row.joinTokenHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

function memberName(user: UserRow): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}

/** The side a company member is on, or null when they may not enter (a reviewer before the end). */
export function memberRole(user: UserRow, row: InterviewRow): RoomRole | null {
  if (can(user, 'interviews.conduct') || row.interviewerIds.includes(user.id)) return 'interviewer';
  if (row.endedAt && can(user, 'interviews.read')) return 'reviewer';
  return null;
}

/**
 * Resolves the caller of a room: the session's user first, then the join token. Throws 401/403/404.
 * The token wins only when the signed-in user is not a member of the company (a candidate signed in elsewhere).
 */
export async function resolveParticipant(
  db: Db,
  id: string,
  user: UserRow | null,
  token: string | null | undefined,
): Promise<Participant> {
  const row = await findInterview(db, id);
  if (!user && !token) throw new AppError('UNAUTHENTICATED', 'Sign in or use your interview link');
  if (!row) throw new AppError('INTERVIEW_NOT_FOUND', 'Interview not found');
  if (user && user.role === 'employer' && sameTenant(user, { companyId: row.companyId })) {
    const role = memberRole(user, row);
    if (role) return { role, user, name: memberName(user), interview: row };
    if (!tokenMatches(row, token)) {
      throw new AppError('FORBIDDEN', 'Reviewers can read an interview once it has ended.');
    }
  }
  if (tokenMatches(row, token)) {
    return { role: 'candidate', user: null, name: row.candidateName || row.candidateEmail, interview: row };
  }
  if (!user) throw new AppError('UNAUTHENTICATED', 'This interview link is not valid');
  throw new AppError('INTERVIEW_NOT_FOUND', 'Interview not found');
}

/** An employer route's guard: the interview must be the caller's company's (404 otherwise). */
export async function requireCompanyInterview(db: Db, user: UserRow, id: string): Promise<InterviewRow> {
  const row = await findInterview(db, id);
  if (!row || !sameTenant(user, { companyId: row.companyId })) {
    throw new AppError('INTERVIEW_NOT_FOUND', 'Interview not found');
  }
  return row;
}

export function statusOf(row: Pick<InterviewRow, 'startedAt' | 'endedAt'>): 'scheduled' | 'live' | 'ended' {
  if (row.endedAt) return 'ended';
  return row.startedAt ? 'live' : 'scheduled';
}
