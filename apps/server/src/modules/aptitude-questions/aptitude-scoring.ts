/**
 * The marks one aptitude answer earns (issue 25). A single-answer question: full marks for its correct option.
 * A multi-select question: `all` gives full marks only for exactly the correct set; `partial` gives
 * marks × max(0, right picked − wrong picked) ÷ number of correct options.
 */
import type { QuestionRow } from '../../db/schema';

export type StoredAnswer = number | number[] | string | undefined;

/** A written answer (issue 25) earns only what a reviewer grades it: 0 here, see attemptScore(). */
export function answerMarks(
  q: Pick<QuestionRow, 'marks' | 'correctAnswer' | 'correctAnswers' | 'scoring'> & { kind?: QuestionRow['kind'] },
  answer: StoredAnswer,
): number {
  if (answer === undefined || typeof answer === 'string' || q.kind === 'text') return 0;
  if (!Array.isArray(q.correctAnswers)) return answer === q.correctAnswer ? q.marks : 0;
  const picked = new Set(Array.isArray(answer) ? answer : [answer]);
  const correct = new Set(q.correctAnswers);
  const right = [...picked].filter((a) => correct.has(a)).length;
  const wrong = picked.size - right;
  if ((q.scoring ?? 'all') === 'all') return right === correct.size && wrong === 0 ? q.marks : 0;
  return (q.marks * Math.max(0, right - wrong)) / correct.size;
}

/** Whether a stored answer to a written question is there to grade (an empty one is no answer and scores 0). */
export function isWrittenAnswer(answer: StoredAnswer): answer is string {
  return typeof answer === 'string' && answer.trim().length > 0;
}

/**
 * An aptitude attempt's score: each choice question's marks, plus each written answer's grade. Awaiting grading
 * while any written answer has no grade yet (an unanswered written question scores 0 and needs none).
 */
export function attemptScore(
  questions: readonly QuestionRow[],
  answers: Record<string, StoredAnswer>,
  grades: ReadonlyMap<string, number>,
): { score: number; maxScore: number; awaitingGrading: boolean } {
  let score = 0;
  let maxScore = 0;
  let awaitingGrading = false;
  for (const q of questions) {
    maxScore += q.marks;
    if (q.kind !== 'text') {
      score += answerMarks(q, answers[q.id]);
      continue;
    }
    if (!isWrittenAnswer(answers[q.id])) continue;
    const grade = grades.get(q.id);
    if (grade === undefined) awaitingGrading = true;
    else score += Math.min(grade, q.marks);
  }
  return { score, maxScore, awaitingGrading };
}
