/**
 * The marks one aptitude answer earns (issue 25). A single-answer question: full marks for its correct option.
 * A multi-select question: `all` gives full marks only for exactly the correct set; `partial` gives
 * marks × max(0, right picked − wrong picked) ÷ number of correct options.
 */
import type { QuestionRow } from '../../db/schema';

export type StoredAnswer = number | number[] | undefined;

export function answerMarks(
  q: Pick<QuestionRow, 'marks' | 'correctAnswer' | 'correctAnswers' | 'scoring'>,
  answer: StoredAnswer,
): number {
  if (answer === undefined) return 0;
  if (!Array.isArray(q.correctAnswers)) return answer === q.correctAnswer ? q.marks : 0;
  const picked = new Set(Array.isArray(answer) ? answer : [answer]);
  const correct = new Set(q.correctAnswers);
  const right = [...picked].filter((a) => correct.has(a)).length;
  const wrong = picked.size - right;
  if ((q.scoring ?? 'all') === 'all') return right === correct.size && wrong === 0 ? q.marks : 0;
  return (q.marks * Math.max(0, right - wrong)) / correct.size;
}
