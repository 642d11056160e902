/**
 * The rule behind each kind of proctoring event (issue 17), shown to the reviewer beside the event's threshold
 * and score, and to the candidate with their own events. Flags are evidence for a person, never a verdict.
 */
const RULES: Record<string, string> = {
  face_mismatch:
    'Identity check: the face in a frame is compared with the enrolment photo taken before the start; a distance at or above the threshold is a mismatch (score = distance).',
  no_face: 'A check found no face in the frame.',
  face_unclear:
    'Identity check without a verdict: the face was too small, dark, blurred or turned to compare reliably; the candidate was asked to fix it. Not a mismatch.',
  liveness_failed:
    'Anti-spoofing: the face in the frame scored below the threshold as a live face (a photo or a screen held to the camera?). Not an identity mismatch (score = anti-spoofing score, 1 = live).',
  multiple_faces:
    'More than one face in the frame (overlapping boxes count once; faces smaller than 6 % of the frame are ignored; score = faces).',
  phone: 'A phone was detected in the frame with a confidence at or above the threshold (score = confidence).',
  camera_lost: 'No camera frames reached the server for at least the threshold in seconds (score = seconds).',
  proctoring_unavailable:
    'The face service failed or was overloaded; checks could not run for this time. Not the candidate’s doing.',
  challenge_missed:
    'The server asked for a fresh frame at a random time and none arrived within the threshold in seconds.',
  enroll_refused:
    'A new face enrolment was sent during the test and refused: checks keep using the face enrolled before the start.',
  enroll_failed: 'A face enrolment during the test failed (no face or several faces).',
  live_unconfirmed:
    'The head-turn live check did not pass before the start (60 s without success, or the candidate said they cannot turn their head); the candidate started with the enrolment photo only. A reviewer compares the enrolment photo (this frame) with the frames of the sitting and confirms or rejects the identity. Not a finding against the candidate.',
  tab_hidden: 'The test page reported that its tab was hidden.',
  tab_visible: 'The test page reported that its tab was visible again.',
  window_blur: 'The test page reported that its window lost focus.',
  window_focus: 'The test page reported that its window had focus again.',
  tab_switch: 'The test page reported a switch to another tab or window.',
  copy_attempt: 'The test page blocked a copy.',
  paste_attempt: 'The test page blocked a paste.',
  cut_attempt: 'The test page blocked a cut.',
  context_menu: 'The test page blocked the right-click menu.',
  fullscreen_exit: 'The test page reported leaving full screen.',
};

export function ruleOf(kind: string): string {
  return RULES[kind] ?? 'Reported by the test page.';
}

/** Camera-lost threshold and challenge deadline, in seconds, as stored with their events. */
export const RULE_SECONDS = { cameraLost: 30, challenge: 15 };
