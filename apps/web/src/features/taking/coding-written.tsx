/**
 * A coding test's written questions (issue 25): the candidate opens them from the top bar and writes each answer
 * beside the code. Answers are saved as they are typed through the same answers route and save queue as an
 * aptitude test's (kept in localStorage until the server has them, so a reload loses nothing); the rubric never
 * reaches the page, and a reviewer grades them after the test.
 *
 * A mixed test's sections (issue 46) bring single- and multi-select questions here too: the same panel shows the
 * current section's questions, each with the aptitude page's option pieces, saved through the same queue.
 */
import type { TAnswerInput, TCandidateQuestion, TTakeTest } from '@assessly/shared';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { MultiOptions, pickedOf } from './multi-options';
import { SaveIndicator, SaveQueue, useSaveSnapshot } from './save-queue';
import { WrittenAnswer } from './written-answer';

type Answer = string | number | number[];

export interface WrittenAnswers {
  queue: SaveQueue<TAnswerInput> | null;
  answers: Record<string, Answer>;
  set: (questionId: string, value: Answer | null) => void;
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
  const [answers, setAnswers] = useState<Record<string, Answer>>(() => {
    const merged: Record<string, Answer> = { ...take.answers };
    for (const [qid, a] of queue?.unsent() ?? []) {
      if (a.answer === null) delete merged[qid];
      else merged[qid] = a.answer;
    }
    return merged;
  });
  useEffect(() => queue?.watchOnline(), [queue]);
  const set = (questionId: string, value: Answer | null) => {
    setAnswers((m) => {
      const next = { ...m };
      if (value === null) delete next[questionId];
      else next[questionId] = value;
      return next;
    });
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    queue?.put(questionId, { questionId, answer: empty ? null : value });
  };
  return { queue, answers, set } satisfies WrittenAnswers;
}

const letter = (i: number) => String.fromCharCode(65 + i);

export function WrittenQuestionsPanel({
  questions,
  written,
  locked,
  title,
}: {
  questions: TCandidateQuestion[];
  written: WrittenAnswers;
  locked: boolean;
  /** A mixed test's section title (issue 46); else "Written questions". */
  title?: string;
}) {
  const save = useSaveSnapshot(written.queue as SaveQueue<unknown> | null);
  const allWritten = questions.every((q) => q.kind === 'text');
  return (
    <section className="coding-written" aria-labelledby="coding-written-h">
      <div className="coding-written-head">
        <h1 id="coding-written-h">{title ?? 'Written questions'}</h1>
        <SaveIndicator status={save.status} lastServerSave={save.lastServerSave} />
      </div>
      {questions.some((q) => q.kind === 'text') && (
        <p className="muted">A reviewer grades written answers after the test; your score follows once they do.</p>
      )}
      {questions.map((q, i) => {
        const name = allWritten ? `Written question ${i + 1}` : `Question ${i + 1}`;
        const value = written.answers[q.id];
        return (
          <article key={q.id} className="coding-written-item" aria-labelledby={`cw-${q.id}`}>
            <h2 id={`cw-${q.id}`}>
              {name} <small className="muted">({q.marks} marks)</small>
            </h2>
            <p className="coding-written-text">{q.questionText}</p>
            {q.kind === 'text' ? (
              <WrittenAnswer
                label={`Your answer to ${name.toLowerCase()}`}
                value={typeof value === 'string' ? value : ''}
                disabled={locked}
                onChange={(text) => {
                  if (!locked) written.set(q.id, text);
                }}
              />
            ) : (
              <fieldset className="aptitude-options" disabled={locked}>
                <legend className={q.multiple ? 'muted' : 'sr-only'}>
                  {q.multiple ? 'Choose every correct option' : `Options of ${name.toLowerCase()}`}
                </legend>
                {q.multiple ? (
                  <MultiOptions
                    options={q.options}
                    picked={pickedOf(typeof value === 'string' ? undefined : value)}
                    name={`cw-q-${q.id}`}
                    onChange={(picked) => written.set(q.id, picked.length ? picked : null)}
                  />
                ) : (
                  q.options.map((opt, oi) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are a fixed list; the index is the answer
                    <label key={oi} className={`aptitude-option${value === oi ? ' chosen' : ''}`}>
                      <input
                        type="radio"
                        name={`cw-q-${q.id}`}
                        checked={value === oi}
                        onChange={() => written.set(q.id, oi)}
                      />
                      <span className="option-letter">{letter(oi)}.</span> {opt}
                    </label>
                  ))
                )}
              </fieldset>
            )}
          </article>
        );
      })}
    </section>
  );
}
