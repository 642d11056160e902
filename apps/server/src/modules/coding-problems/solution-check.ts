/** Whether a problem's last model-solution check still holds (issue 11). */
import { createHash } from 'node:crypto';
import type { TSolutionCheckState } from '@assessly/shared';
import type { ProblemRow } from '../../db/schema';
import { snapshotOf } from './problem-versions';

/** Changes when the solution, its language, or anything it is judged against changes. */
export function solutionFingerprint(p: ProblemRow): string {
  return createHash('sha256')
    .update(JSON.stringify([p.solution, p.solutionLanguage, snapshotOf(p)]))
    .digest('hex');
}

/** Whether the stored check still describes the problem as it is, and passed. */
export function solutionCheckState(p: ProblemRow): TSolutionCheckState {
  if (!p.solution.trim() || !p.solutionLanguage) return 'missing';
  const c = p.solutionCheck;
  if (!c || c.fingerprint !== solutionFingerprint(p)) return 'unchecked';
  return c.verdict === 'Accepted' ? 'passed' : 'failed';
}
