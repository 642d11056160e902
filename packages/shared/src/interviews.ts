/**
 * Live interviews (issue 30): the create call, the list, the room as each side sees it, runs and the scorecard.
 * The candidate's projections name only what a candidate may see: never the scorecard, notes or hidden cases.
 */
import { z } from 'zod';
import { ZPlayback } from './playback';
import { JUDGE_LANGUAGES } from './submissions';

export const INTERVIEW_STATUSES = ['scheduled', 'live', 'ended'] as const;
export type TInterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export const RECOMMENDATIONS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
/** Largest code or input a room Run takes (the judge trims output itself). */
export const INTERVIEW_RUN_MAX_CHARS = 64 * 1024;

const ZLanguage = z.enum(JUDGE_LANGUAGES, { error: 'Choose a supported language' });

export const ZInterviewCreate = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
  candidateEmail: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
  /** How the room shows the candidate (their email when left out). */
  candidateName: z.string().trim().max(100, 'At most 100 characters').optional(),
  scheduledAt: z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).optional(),
  durationMinutes: z.number().int().min(5, 'At least 5 minutes').max(480, 'At most 8 hours').optional(),
  languages: z.array(ZLanguage).min(1, 'Choose at least one language').max(JUDGE_LANGUAGES.length).optional(),
  problemIds: z.array(z.string().uuid('Unknown problem')).max(20, 'At most 20 problems').optional(),
  interviewerIds: z.array(z.string().uuid('Unknown interviewer')).max(20, 'At most 20 interviewers').optional(),
});
export type TInterviewCreate = z.infer<typeof ZInterviewCreate>;

/** GET /api/interviews?candidateEmail=: one candidate's interviews (their record in the dashboard). */
export const ZInterviewListQuery = z.object({
  candidateEmail: z.string().trim().toLowerCase().email('Enter a valid email address').max(254).optional(),
});

export const ZInterviewCreated = z.object({ id: z.string(), joinUrl: z.string() });
export type TInterviewCreated = z.infer<typeof ZInterviewCreated>;

export const ZScorecard = z.object({
  ratings: z
    .array(
      z.object({
        criterion: z.string().trim().min(1, 'Name the criterion').max(100, 'At most 100 characters'),
        score: z.number().int().min(1, 'Scores are 1 to 5').max(5, 'Scores are 1 to 5'),
      }),
    )
    .min(1, 'Rate at least one criterion')
    .max(20, 'At most 20 criteria'),
  recommendation: z.enum(RECOMMENDATIONS, { error: 'Choose a recommendation' }),
  summary: z.string().trim().max(5000, 'At most 5000 characters'),
});
export type TScorecard = z.infer<typeof ZScorecard>;

export const ZInterviewSummary = z.object({
  id: z.string(),
  title: z.string(),
  candidateEmail: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  scheduledAt: z.string().nullable(),
  durationMinutes: z.number().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  hasScorecard: z.boolean(),
  /** Employer side only (the list and the record; a candidate never receives a summary). */
  scorecard: ZScorecard.nullable(),
});
export type TInterviewSummary = z.infer<typeof ZInterviewSummary>;

/** A problem revealed into the room: what the candidate may read (no hidden cases, no solution). */
export const ZRoomProblem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  examples: z.array(z.object({ input: z.string(), output: z.string() })),
  /** stdio: a Run reads its input; function: a Run's input is the arguments, one per line (JSON). */
  kind: z.enum(['stdio', 'function', 'sql']),
  /** The problem's stub per language (function problems: the signature in each language). */
  starterCode: z.record(z.string(), z.string()),
});
export type TRoomProblem = z.infer<typeof ZRoomProblem>;

/** One Run as everyone in the room sees it. A hidden-tests run shows each case only as passed/failed. */
export const ZRoomRun = z.object({
  id: z.string(),
  kind: z.enum(['run', 'hidden']),
  language: z.string(),
  verdict: z.string(),
  output: z.string(),
  stderr: z.string(),
  compileOutput: z.string().nullable(),
  timeMs: z.number().nullable(),
  passed: z.number().nullable(),
  total: z.number().nullable(),
  cases: z.array(z.object({ index: z.number(), passed: z.boolean() })),
  runBy: z.string(),
  createdAt: z.string(),
});
export type TRoomRun = z.infer<typeof ZRoomRun>;

/** The room as the caller sees it: `role` says which side they are on. */
export const ZInterviewRoom = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  role: z.enum(['interviewer', 'candidate', 'reviewer']),
  name: z.string(),
  languages: z.array(z.string()),
  problem: ZRoomProblem.nullable(),
  runs: z.array(ZRoomRun),
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
});
export type TInterviewRoom = z.infer<typeof ZInterviewRoom>;

/** The employer's full record: the room plus the candidate, the problems on offer and the scorecard. */
export const ZInterviewDetail = ZInterviewSummary.extend({
  languages: z.array(z.string()),
  problemIds: z.array(z.string()),
  interviewerIds: z.array(z.string()),
  revealedProblemId: z.string().nullable(),
  scorecardAt: z.string().nullable(),
  runs: z.array(ZRoomRun),
});
export type TInterviewDetail = z.infer<typeof ZInterviewDetail>;

export const ZInterviewRunInput = z.object({
  language: ZLanguage,
  code: z.string().max(INTERVIEW_RUN_MAX_CHARS, 'The code is too long to run'),
  input: z.string().max(INTERVIEW_RUN_MAX_CHARS, 'The input is too long').default(''),
});
export type TInterviewRunInput = z.infer<typeof ZInterviewRunInput>;

export const ZInterviewHiddenRunInput = z.object({
  language: ZLanguage,
  code: z.string().max(INTERVIEW_RUN_MAX_CHARS, 'The code is too long to run'),
});

export const ZInterviewReveal = z.object({ problemId: z.string().uuid('Unknown problem') });

/** One stored update of a room document, for the replay scrubber (base64 of the Yjs update). */
export const ZInterviewHistory = z.object({
  updates: z.array(z.object({ at: z.string(), data: z.string() })),
  runs: z.array(ZRoomRun),
});
export type TInterviewHistory = z.infer<typeof ZInterviewHistory>;

/** Largest WebRTC signal a room socket relays (an SDP offer with audio and video is a few KiB). */
export const MAX_ROOM_SIGNAL_BYTES = 32 * 1024;
const ZParticipantId = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 32);

/**
 * A WebRTC signal on the room socket (message type 101), from one participant to one other, named by their
 * awareness client ids. The server relays it only to the socket that owns `to` in the same room, refuses a
 * `from` the sender does not own, and forwards only these fields (with the sender's name and side).
 */
export const ZRoomSignal = z
  .object({
    from: ZParticipantId,
    to: ZParticipantId,
    kind: z.enum(['offer', 'answer', 'ice', 'bye']),
    sdp: z.string().max(MAX_ROOM_SIGNAL_BYTES).optional(),
    candidate: z
      .object({
        candidate: z.string().max(2048),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type TRoomSignal = z.infer<typeof ZRoomSignal>;
/** A relayed signal as the receiving participant gets it. */
export type TRelayedSignal = TRoomSignal & { name: string; role: string };

/** One finished stroke of a room's drawing board (board units 0..1000), as the replay shows it. */
export const ZBoardStroke = z.object({
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  width: z.number().min(1).max(20),
  points: z
    .array(z.number().min(0).max(1000))
    .min(2)
    .max(800)
    .refine((p) => p.length % 2 === 0),
});
export type TBoardStroke = z.infer<typeof ZBoardStroke>;

/**
 * GET /api/interviews/{id}/playback: the ended room's code as a playback stream with its runs, and what the
 * room held at its end: the interviewers' private notes and the drawing board.
 */
export const ZInterviewPlayback = ZPlayback.extend({
  notes: z.string(),
  board: z.array(ZBoardStroke),
});
export type TInterviewPlayback = z.infer<typeof ZInterviewPlayback>;
