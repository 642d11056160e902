/**
 * A coding test's written questions (issue 25): the candidate opens them from the top bar and writes each answer
 * beside the code. Answers are saved as they are typed through the same answers route and save queue as an
 * aptitude test's (kept in localStorage until the server has them, so a reload loses nothing); the rubric never
 * reaches the page, and a reviewer grades them after the test.
 */
import type { TAnswerInput, TCandidateQuestion, TTakeTest } from '@assessly/shared';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { SaveIndicator, SaveQueue, useSaveSnapshot } from './save-queue';
import { WrittenAnswer } from './written-answer';

export interface WrittenAnswers {
  queue: SaveQueue<TAnswerInput> | null;
  answers: Record<string, string>;
  set: (questionId: string, text: string) => void;
}

/** The written answers of the attempt: the server's, overlaid with anything not sent yet. */
export function useWrittenAnswers(testId: string, take: Pick<TTakeTest, 'attempt' | 'questions' | 'answers'>) {
  const attemptId = take.attempt?.id ?? '';
  const has = take.questions.length > 0;
  const queue = useMemo(
    () =>
      has
        ? new SaveQueue<TAnswerInput>(
            `assessly.answers.${attemptId}`,
            (a) => api(`/api/attempts/${testId}/answers`, { method: 'PUT', body: a }),
            300,
          )
        : null,
    [attemptId, testId, has],
  );
  const [answers, setAnswers] = useState<Record<string, string>>(() => {
    const merged: Record<string, string> = {};
    for (const [qid, a] of Object.entries(take.answers)) if (typeof a === 'string') merged[qid] = a;
    for (const [qid, a] of queue?.unsent() ?? []) merged[qid] = typeof a.answer === 'string' ? a.answer : '';
    return merged;
  });
  useEffect(() => queue?.watchOnline(), [queue]);
  const set = (questionId: string, text: string) => {
    setAnswers((m) => ({ ...m, [questionId]: text }));
    queue?.put(questionId, { questionId, answer: text === '' ? null : text });
  };
  return { queue, answers, set } satisfies WrittenAnswers;
}

export function WrittenQuestionsPanel({
  questions,
  written,
  locked,
}: {
  questions: TCandidateQuestion[];
  written: WrittenAnswers;
  locked: boolean;
}) {
  const save = useSaveSnapshot(written.queue as SaveQueue<unknown> | null);
  return (
    <section className="coding-written" aria-labelledby="coding-written-h">
      <div className="coding-written-head">
        <h1 id="coding-written-h">Written questions</h1>
        <SaveIndicator status={save.status} lastServerSave={save.lastServerSave} />
      </div>
      <p className="muted">A reviewer grades these answers after the test; your score follows once they do.</p>
      {questions.map((q, i) => (
        <article key={q.id} className="coding-written-item" aria-labelledby={`cw-${q.id}`}>
          <h2 id={`cw-${q.id}`}>
            Written question {i + 1} <small className="muted">({q.marks} marks)</small>
          </h2>
          <p className="coding-written-text">{q.questionText}</p>
          <WrittenAnswer
            label={`Your answer to written question ${i + 1}`}
            value={written.answers[q.id] ?? ''}
            disabled={locked}
            onChange={(text) => {
              if (!locked) written.set(q.id, text);
            }}
          />
        </article>
      ))}
    </section>
  );
}
