/**
 * Submits a draft at the end of an attempt through the submissions module (stored queued, then judged by
 * the queue — also when no browser is left to wait for it).
 */

import type { AttemptRow, TestRow, UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { createSubmission } from '../submissions/submissions.service';

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
