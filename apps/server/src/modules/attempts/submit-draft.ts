/**
 * Submits a draft at the end of an attempt through the submissions module (stored queued, then judged by
 * the queue — also when no browser is left to wait for it).
 */
import type { AppDeps } from '../../app';
import type { UserRow } from '../../lib/auth';
import { createSubmission } from '../submissions/submissions.service';
import type { TestRow } from '../tests/tests.access';
import type { AttemptRow } from './attempts.service';

export interface DraftSubmission {
  user: UserRow;
  attempt: AttemptRow;
  test: TestRow;
  questionNumber: number;
  language: string;
  code: string;
}

export async function submitDraft(
  deps: Pick<AppDeps, 'db' | 'clock'> & Partial<AppDeps>,
  s: DraftSubmission,
): Promise<void> {
  await createSubmission(deps, s);
}
