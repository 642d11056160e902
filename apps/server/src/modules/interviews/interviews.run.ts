/**
 * Running code in a room: a Run (the room's code on the given input) and "Run hidden tests" (the revealed
 * problem's hidden cases, interviewers only). Both go through the judge in the interview's own lane of the fair
 * scheduler (`interview:<id>`: one run at a time per room, a newer one replaces a waiting one), are stored for
 * the replay's timeline, and are broadcast to the room. The candidate sees a hidden-tests run only as
 * passed/failed per case: no input, expected or actual output, no stderr.
 */
import type { Language } from '@assessly/judge';
import { JudgeQueueFullError } from '@assessly/judge';
import type { TRoomProblem, TRoomRun } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { codingProblems, interviewRuns, interviews } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { functionSpecOf } from '../coding-problems/function-problems';
import { requireAnswerLanguage } from '../coding-problems/sql-problems';
import { judgeSettings } from '../judging/results';
import { type Participant, type RoomRole, statusOf } from './interviews.access';
import type { RoomHub } from './interviews.rooms';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'judging'>;
type RunRow = typeof interviewRuns.$inferSelect;

interface StoredResult {
  verdict: string;
  output: string;
  stderr: string;
  compileOutput: string | null;
  timeMs: number | null;
  cases: { index: number; passed: boolean }[];
  passed: number | null;
  total: number | null;
}

/** A stored run as one side of the room sees it. */
export function toRoomRun(row: RunRow, role: RoomRole): TRoomRun {
  const r = row.result as StoredResult;
  const hiddenForCandidate = row.kind === 'hidden' && role === 'candidate';
  return {
    id: row.id,
    kind: row.kind,
    language: row.language,
    verdict: hiddenForCandidate ? (r.passed === r.total ? 'Passed' : 'Failed') : r.verdict,
    output: hiddenForCandidate ? '' : r.output,
    stderr: hiddenForCandidate ? '' : r.stderr,
    compileOutput: hiddenForCandidate ? null : r.compileOutput,
    timeMs: hiddenForCandidate ? null : r.timeMs,
    passed: r.passed,
    total: r.total,
    cases: r.cases.map((c) => ({ index: c.index, passed: c.passed })),
    runBy: row.runBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function requireLive(who: Participant) {
  if (statusOf(who.interview) === 'ended') throw new AppError('INTERVIEW_ENDED', 'This interview has ended');
  if (who.role === 'reviewer') throw new AppError('FORBIDDEN', 'Reviewers can read an ended interview only');
}

async function judgeInLane(
  deps: Deps,
  interviewId: string,
  spec: Parameters<NonNullable<Deps['judging']>['runJudge']>[1],
) {
  const judging = deps.judging;
  if (!judging)
    throw new AppError('SERVICE_UNAVAILABLE', 'The judge is not running on this server. Please try again later.');
  const info = (await judging.judge.languages()).find((l) => l.id === spec.language);
  if (!info?.available) {
    throw new AppError('LANGUAGE_UNAVAILABLE', info?.message ?? `${spec.language} is not available on this server`);
  }
  try {
    return await judging.runJudge(`interview:${interviewId}`, spec);
  } catch (err) {
    if (err instanceof JudgeQueueFullError) {
      throw new AppError(
        'JUDGE_BUSY',
        `The judge is busy. Please try again in ${err.retryAfterSeconds} seconds.`,
        undefined,
        {
          'Retry-After': String(err.retryAfterSeconds),
        },
      );
    }
    throw err;
  }
}

async function store(
  deps: Deps,
  hub: RoomHub,
  who: Participant,
  row: Omit<typeof interviewRuns.$inferInsert, 'interviewId' | 'runBy'>,
) {
  const [saved] = await deps.db
    .insert(interviewRuns)
    .values({ ...row, interviewId: who.interview.id, runBy: who.name, createdAt: deps.clock.now() })
    .returning();
  hub.broadcast(who.interview.id, (role) => ({ type: 'run', run: toRoomRun(saved!, role) }));
  return saved!;
}

/** A room runs only the interview's languages (none listed: every judge language). */
function requireOffered(who: Participant, language: string) {
  const offered = who.interview.languages;
  if (offered.length > 0 && !offered.includes(language)) {
    throw new AppError('LANGUAGE_UNAVAILABLE', `This interview does not offer ${language}`);
  }
}

export async function runInRoom(
  deps: Deps,
  hub: RoomHub,
  who: Participant,
  input: { language: string; code: string; input: string },
): Promise<TRoomRun> {
  requireLive(who);
  requireOffered(who, input.language);
  // a revealed function problem's Run calls the function with the input as its arguments (one per line)
  const revealed = await revealedRow(deps, who);
  const fn = revealed ? functionSpecOf(revealed) : undefined;
  const result = await judgeInLane(deps, who.interview.id, {
    language: input.language as Language,
    code: input.code,
    cases: [{ input: input.input, expectedOutput: null }],
    ...(fn ? { function: fn } : {}),
  });
  const first = result.cases[0];
  const stored: StoredResult = {
    verdict: result.verdict,
    output: first?.output ?? '',
    stderr: first?.stderr ?? '',
    compileOutput: result.compileOutput,
    timeMs: first?.timeMs ?? null,
    cases: [],
    passed: null,
    total: null,
  };
  const saved = await store(deps, hub, who, {
    kind: 'run',
    language: input.language,
    code: input.code,
    input: input.input,
    result: stored,
  });
  return toRoomRun(saved, who.role);
}

async function revealedRow(deps: Deps, who: Participant) {
  const id = who.interview.revealedProblemId;
  if (!id) return null;
  const [p] = await deps.db.select().from(codingProblems).where(eq(codingProblems.id, id)).limit(1);
  return p ?? null;
}

async function requireRevealed(deps: Deps, who: Participant) {
  const id = who.interview.revealedProblemId;
  if (!id) throw new AppError('CONFLICT', 'Reveal a problem first');
  const [p] = await deps.db.select().from(codingProblems).where(eq(codingProblems.id, id)).limit(1);
  if (!p) throw new AppError('PROBLEM_NOT_FOUND', 'Problem not found');
  return p;
}

export async function runHiddenTests(
  deps: Deps,
  hub: RoomHub,
  who: Participant,
  input: { language: string; code: string },
): Promise<TRoomRun> {
  requireLive(who);
  if (who.role !== 'interviewer') throw new AppError('FORBIDDEN', 'Only interviewers can run the hidden tests');
  const problem = await requireRevealed(deps, who);
  if (problem.testCases.length === 0) throw new AppError('CONFLICT', 'This problem has no hidden tests');
  // a room's editor holds a code language: an SQL problem's tests cannot run there (a clear 400, not a judging)
  requireAnswerLanguage(problem, input.language);
  requireOffered(who, input.language);
  const result = await judgeInLane(deps, who.interview.id, {
    language: input.language as Language,
    code: input.code,
    cases: problem.testCases.map((c) => ({ input: c.input ?? '', expectedOutput: c.output ?? '' })),
    ...judgeSettings(problem),
  });
  const stored: StoredResult = {
    verdict: result.verdict,
    output: result.cases.map((c) => `#${c.index + 1} ${c.verdict}`).join('\n'),
    stderr: '',
    compileOutput: result.compileOutput,
    timeMs: result.cases.reduce((max, c) => Math.max(max, c.timeMs), 0),
    cases: result.cases.map((c) => ({ index: c.index, passed: c.passed })),
    passed: result.passedCount,
    total: result.totalCount,
  };
  const saved = await store(deps, hub, who, {
    kind: 'hidden',
    language: input.language,
    code: input.code,
    result: stored,
  });
  return toRoomRun(saved, who.role);
}

/** What everyone in the room sees of a revealed problem: statement, examples, kind and stubs (no hidden case). */
export function toRoomProblem(p: typeof codingProblems.$inferSelect): TRoomProblem {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    examples: p.examples.map((e) => ({ input: e.input ?? '', output: e.output ?? '' })),
    kind: p.kind === 'function' || p.kind === 'sql' ? p.kind : 'stdio',
    starterCode: p.starterCode ?? {},
  };
}

/** Shows a problem of the interview's list (or the company library) to everyone in the room. */
export async function revealProblem(deps: Deps, hub: RoomHub, who: Participant, problemId: string, ip: string) {
  requireLive(who);
  if (who.role !== 'interviewer') throw new AppError('FORBIDDEN', 'Only interviewers can reveal a problem');
  const [p] = await deps.db.select().from(codingProblems).where(eq(codingProblems.id, problemId)).limit(1);
  if (!p || p.companyId !== who.interview.companyId) throw new AppError('PROBLEM_NOT_FOUND', 'Problem not found');
  await deps.db.update(interviews).set({ revealedProblemId: p.id }).where(eq(interviews.id, who.interview.id));
  const problem = toRoomProblem(p);
  hub.broadcast(who.interview.id, () => ({ type: 'reveal', problem }));
  await recordAudit(deps.db, {
    companyId: who.interview.companyId,
    actorId: who.user?.id ?? null,
    action: 'interview.reveal',
    targetType: 'interview',
    targetId: who.interview.id,
    ip,
    detail: { problemId: p.id },
  });
  return problem;
}
