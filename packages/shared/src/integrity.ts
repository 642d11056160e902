/**
 * What "integrity" counts (issue 46), in one place for the server and every screen: the proctoring events that
 * are facts about the sitting (a switch away, a blocked paste, a face flag) and the coding signals of the
 * integrity report (an outside paste, recording findings). The return halves of a switch (tab visible again,
 * focus again) and the face service's own outages are recorded but are not integrity events. Every kind has a
 * human label; no screen shows a raw code.
 */
import { z } from 'zod';

/** Recorded events that are not integrity events: a return, or a failure that is not the candidate's doing. */
export const NOT_INTEGRITY_EVENT_KINDS: readonly string[] = [
  'tab_visible',
  'window_focus',
  'proctoring_unavailable',
  // issue 41: a start without the live check is a question for a reviewer, not a finding against the candidate
  'live_unconfirmed',
];

export const isIntegrityEventKind = (kind: string) => !NOT_INTEGRITY_EVENT_KINDS.includes(kind);

/** Proctoring events (the page's and the server's) as people read them. */
export const PROCTORING_EVENT_LABELS: Record<string, string> = {
  tab_switch: 'Tab switch',
  copy_attempt: 'Copy attempt',
  paste_attempt: 'Paste attempt',
  cut_attempt: 'Cut attempt',
  context_menu: 'Right-click menu',
  alt_tab_attempt: 'Alt-Tab attempt',
  tab_visible: 'Tab visible again',
  window_focus: 'Window focused again',
  face_not_matched: 'Face not matched',
  face_not_detected: 'No face detected',
  tab_hidden: 'Tab hidden',
  window_blur: 'Left the window',
  copy: 'Copy attempt',
  paste: 'Paste attempt',
  copy_paste: 'Copy/paste attempt',
  face_mismatch: 'Face mismatch',
  face_unclear: 'Face not clear enough to check',
  liveness_failed: 'Photo or screen suspected (liveness)',
  no_face: 'No face detected',
  multiple_faces: 'Multiple faces',
  phone: 'Phone seen',
  camera_lost: 'Camera lost',
  enroll_failed: 'Face enrolment failed',
  enroll_refused: 'New enrolment refused during the test',
  live_unconfirmed: 'Live check not completed: identity to be confirmed by a reviewer',
  proctoring_unavailable: 'Proctoring unavailable',
  challenge_missed: 'Spot check not answered',
  fullscreen_exit: 'Left full screen',
};

/** The coding signals of the integrity report (INTEGRITY_KINDS in playback.ts). */
export const INTEGRITY_SIGNAL_TITLES: Record<string, string> = {
  large_paste: 'Large paste from outside the editor',
  paste_after_focus_loss: 'Paste right after the page lost focus',
  few_large_insertions: 'Most of the code arrived in a few insertions',
  fast_typing: 'Typing faster than the stated ceiling',
  identical_to_candidate: "Identical to another candidate's submission",
  identical_to_solution: 'Identical to the model solution',
  pattern_match: "Edit pattern matches another attempt's",
  submitted_not_recorded: "Submitted code is not in the page's recording",
  no_recording: 'Submitted without a recording from the page',
  implausible_timing: "Edit times the page's batches cannot have taken",
  assistant_insertions: "Code inserted from the test's AI assistant",
};

/** A kind nobody labelled still reads as words ("alt_tab_attempt" → "Alt tab attempt"), never as a code. */
const humanize = (kind: string) => kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The label of a proctoring event or a coding signal. */
export const integrityLabel = (kind: string): string =>
  PROCTORING_EVENT_LABELS[kind] ?? INTEGRITY_SIGNAL_TITLES[kind] ?? humanize(kind);

/** An attempt's integrity count: integrity events and coding signals, by kind. */
export const ZIntegritySummary = z.object({ total: z.number(), counts: z.record(z.string(), z.number()) });
export type IntegritySummary = z.infer<typeof ZIntegritySummary>;
