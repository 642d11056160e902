/**
 * @assessly/server/test-kit: the test kit's public entry for tests outside the server (the e2e workspace).
 * Databases from the run's migrated snapshot, factories and fixtures that seed data, the tables to read it back.
 */
export {
  aiExchanges,
  aptitudeQuestions,
  attempts,
  codeDrafts,
  codingProblems,
  faceEnrollments,
  interviewRuns,
  interviews,
  interviewUpdates,
  outbox,
  proctoringEvents,
  submissions,
  tests,
} from '../src/db/schema';
export { createMailer } from '../src/lib/mailer';
export { createAiProvider } from '../src/modules/ai/ai.provider';
export { writeZip } from '../src/modules/coding-problems/zip';
export { sendDueStatusEmails } from '../src/modules/review/status-mail';
export { startFaceServiceProcess } from './face-service-process';
export { buildCodingTest } from './factories';
export { parseSse, startLoopbackAiProvider } from './fixtures/ai-provider';
export { pngOfSize, TINY_PNG } from './fixtures/companies';
export { FIXTURES_DIR } from './fixtures/face';
export { sitting } from './fixtures/playback';
export { cartProject } from './fixtures/projects';
export { seedAttempt, seedEvent, seedSubmission } from './fixtures/review';
export { startSamlIdp } from './fixtures/saml-idp';
export { PY_INDEPENDENT_BFS, PY_ORIGINAL, PY_RENAMED } from './fixtures/similarity-samples';
export { useSmtpPeer } from './fixtures/smtp';
export { seedAptitudeTest } from './fixtures/taking';
export { buildTeam } from './fixtures/team';
export { processTreeCpu } from './process-cpu';
export { openTestDatabase } from './test-databases';
