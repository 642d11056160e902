/**
 * /aptitude/{testId}: one question at a time with options A, B, C…, a palette with answered and flagged
 * marks, the server's timer, autosave of every answer, End Test, and the score once ended.
 * The correct answers never reach the page: the server scores at the end.
 */

import type { TAnswerInput } from '@assessly/shared';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from '../../i18n/candidate-intl';
import { LanguageSwitcher } from '../../i18n/language-switcher';
import { api } from '../../lib/api';
import { RequireUser } from '../auth/guards';
import { ProctoringWrapper } from '../proctoring/proctoring-wrapper';
import { Countdown } from './coding-parts';
import { EndDialog } from './end-dialog';
import { MultiOptions, pickedOf } from './multi-options';
import { OtherTabScreen, useAttemptTab } from './one-tab';
import { SaveIndicator, SaveQueue, useSaveSnapshot } from './save-queue';
import { NoProblemsScreen } from './screens';
import { type OpenTake, TakeGate } from './take-gate';
import { useFormatDateTime } from './time';
import { useSavedIndex, useTakeSession } from './use-take-session';
import { WrittenAnswer } from './written-answer';
import './taking.css';

const letter = (i: number) => String.fromCharCode(65 + i);

export function AptitudeTestRoute() {
  return (
    <RequireUser>
      <AptitudeTestPage />
    </RequireUser>
  );
}

export function AptitudeTestPage() {
  const { testId = '' } = useParams();
  return (
    <TakeGate testId={testId} type="APTITUDE">
      {(t) => <OneTabAptitude testId={testId} {...t} />}
    </TakeGate>
  );
}

/** One tab per attempt: a second tab offers "Use this tab"; taking over reloads the saved answers. */
function OneTabAptitude(props: OpenTake & { testId: string }) {
  const { state, takeOver, generation, flushRef } = useAttemptTab(props.testId, props.take.attempt.id);
  if (state !== 'active' && props.take.window.state !== 'ended') {
    return <OtherTabScreen busy={state === 'taking-over'} onUse={takeOver} />;
  }
  return <AptitudeTest key={`${props.take.attempt.id}:${generation}`} {...props} flushRef={flushRef} />;
}

function AptitudeTest({
  testId,
  take,
  offsetMs,
  setTake,
  flushRef,
}: OpenTake & { testId: string; flushRef: RefObject<() => Promise<unknown>> }) {
  const { t, num } = useT();
  const formatDateTime = useFormatDateTime();
  const ENDED = useMemo(() => ({ manual: t('apt.endedManual'), timeout: t('apt.endedTimeout') }), [t]);
  const { attempt, questions } = take;
  const queue = useMemo(
    () =>
      new SaveQueue<TAnswerInput>(
        `assessly.answers.${attempt.id}`,
        (a) => api(`/api/attempts/${testId}/answers`, { method: 'PUT', body: a }),
        300,
      ),
    [attempt.id, testId],
  );
  flushRef.current = () => queue.flush();
  const save = useSaveSnapshot(queue as SaveQueue<unknown>);
  const [answers, setAnswers] = useState<Record<string, number | number[] | string>>(() => {
    const merged = { ...take.answers };
    for (const [qid, a] of queue.unsent()) {
      if (a.answer === null) delete merged[qid];
      else merged[qid] = a.answer;
    }
    return merged;
  });
  const [flagged, setFlagged] = useState<Set<string>>(() => {
    const set = new Set(take.flagged);
    for (const [qid, a] of queue.unsent()) if (a.flagged !== undefined) a.flagged ? set.add(qid) : set.delete(qid);
    return set;
  });
  const [index, setIndex] = useSavedIndex(attempt.id, questions.length);
  const [confirmEnd, setConfirmEnd] = useState(false);
  useEffect(() => queue.watchOnline(), [queue]);
  const { ended, left, locked, finish } = useTakeSession({ testId, take, offsetMs, setTake, queue, messages: ENDED });

  if (questions.length === 0) return <NoProblemsScreen />;
  if (ended) {
    return (
      <main className="taking-screen" data-theme="dark">
        <div className="taking-screen-card">
          <div className="language-switcher-bar">
            <LanguageSwitcher />
          </div>
          <h1>{t('submitted.title')}</h1>
          <p>
            <strong>{take.test.testName}</strong>
          </p>
          <p className="muted">
            {attempt.endReason === 'timeout'
              ? t('apt.timeRanOut')
              : attempt.endReason === 'manual'
                ? t('apt.endedEarly')
                : t('apt.submitted')}
          </p>
          <dl className="taking-window">
            <dt>{t('submitted.started')}</dt>
            <dd>{formatDateTime(attempt.startedAt)}</dd>
            <dt>{t('submitted.ended')}</dt>
            <dd>{attempt.endedAt ? formatDateTime(attempt.endedAt) : t('apt.justNow')}</dd>
          </dl>
          {take.scoreHidden ? (
            <p className="muted" data-testid="score-hidden">
              {t('apt.scoreHidden')}
            </p>
          ) : attempt.awaitingGrading ? (
            <p className="muted">{t('apt.awaiting')}</p>
          ) : attempt.score === null || attempt.maxScore === null ? (
            <p className="muted">{t('apt.scoring')}</p>
          ) : (
            <p className="aptitude-score">{t('apt.score', { score: attempt.score, max: attempt.maxScore })}</p>
          )}
          <p>{t('apt.answeredOf', { answered: Object.keys(take.answers).length, total: questions.length })}</p>
        </div>
      </main>
    );
  }

  const q = questions[Math.min(index, questions.length - 1)]!;
  const choose = (answer: number | number[] | string | null) => {
    if (locked) return;
    setAnswers((m) => {
      const next = { ...m };
      const none = answer === null || (Array.isArray(answer) && answer.length === 0);
      // a written answer keeps what was typed (spaces too); only an empty box is no answer
      if (none || answer === '') delete next[q.id];
      else next[q.id] = answer;
      return next;
    });
    queue.put(q.id, { questionId: q.id, answer, flagged: flagged.has(q.id) });
  };
  const toggleFlag = () => {
    if (locked) return;
    const on = !flagged.has(q.id);
    setFlagged((s) => {
      const next = new Set(s);
      if (on) next.add(q.id);
      else next.delete(q.id);
      return next;
    });
    queue.put(q.id, { questionId: q.id, answer: answers[q.id] ?? null, flagged: on });
  };

  return (
    <ProctoringWrapper testId={testId} attemptId={attempt.id}>
      <div className="taking aptitude" data-theme="dark">
        <header className="taking-topbar">
          <strong className="aptitude-name">{take.test.testName}</strong>
          <span className="taking-spacer" />
          <SaveIndicator status={save.status} lastServerSave={save.lastServerSave} />
          <Countdown left={left} />
          <button type="button" className="btn btn-danger btn-sm" disabled={locked} onClick={() => setConfirmEnd(true)}>
            {t('top.end')}
          </button>
          <LanguageSwitcher className="taking-language" />
        </header>
        <div className="aptitude-body">
          <section className="aptitude-question" aria-labelledby="question-title">
            <p className="muted">
              {t('apt.questionOf', { n: index + 1, total: questions.length })} · {t('top.marks', { n: q.marks })}
            </p>
            <h1 id="question-title" className="aptitude-text">
              {q.questionText}
            </h1>
            {q.kind === 'text' ? (
              <WrittenAnswer
                value={typeof answers[q.id] === 'string' ? (answers[q.id] as string) : ''}
                disabled={locked}
                onChange={(text) => choose(text)}
              />
            ) : (
              <fieldset className="aptitude-options" disabled={locked}>
                <legend className={q.multiple ? 'muted' : 'sr-only'}>
                  {q.multiple ? t('apt.chooseEvery') : t('apt.options')}
                </legend>
                {q.multiple && (
                  <MultiOptions
                    options={q.options}
                    picked={pickedOf(answers[q.id] as number | number[] | undefined)}
                    name={`q-${q.id}`}
                    onChange={(picked) => choose(picked.length ? picked : null)}
                  />
                )}
                {!q.multiple &&
                  q.options.map((opt, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are a fixed list; the index is the answer
                    <label key={i} className={`aptitude-option${answers[q.id] === i ? ' chosen' : ''}`}>
                      <input type="radio" name={`q-${q.id}`} checked={answers[q.id] === i} onChange={() => choose(i)} />
                      <span className="option-letter">{letter(i)}.</span> {opt}
                    </label>
                  ))}
              </fieldset>
            )}
            <div className="row aptitude-actions">
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={index === 0}
                onClick={() => setIndex(index - 1)}
              >
                {t('top.previous')}
              </button>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={index >= questions.length - 1}
                onClick={() => setIndex(index + 1)}
              >
                {t('top.next')}
              </button>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-pressed={flagged.has(q.id)}
                disabled={locked}
                onClick={toggleFlag}
              >
                {flagged.has(q.id) ? t('apt.unflag') : t('apt.flag')}
              </button>
              <button
                type="button"
                className="btn btn-link btn-sm"
                disabled={locked || answers[q.id] === undefined}
                onClick={() => choose(null)}
              >
                {t('apt.clear')}
              </button>
            </div>
          </section>
          <nav className="aptitude-palette" aria-label={t('apt.palette')}>
            <p className="muted">
              {t('apt.answeredCount', { n: Object.keys(answers).length })} ·{' '}
              {t('apt.flaggedCount', { n: flagged.size })}
            </p>
            <div className="palette-grid">
              {questions.map((qq, i) => {
                const answered = answers[qq.id] !== undefined;
                const isFlagged = flagged.has(qq.id);
                return (
                  <button
                    key={qq.id}
                    type="button"
                    className={`palette-cell${answered ? ' answered' : ''}${isFlagged ? ' flagged' : ''}${i === index ? ' current' : ''}`}
                    aria-current={i === index ? 'step' : undefined}
                    aria-label={t('apt.cellLabel', {
                      n: i + 1,
                      answered: answered ? 'yes' : 'no',
                      flagged: isFlagged ? 'yes' : 'no',
                    })}
                    onClick={() => setIndex(i)}
                  >
                    {num(i + 1)}
                  </button>
                );
              })}
            </div>
            <p className="muted palette-legend">{t('apt.legend')}</p>
          </nav>
        </div>
        {confirmEnd && (
          <EndDialog onCancel={() => setConfirmEnd(false)} onEnd={() => void finish('manual')}>
            {t('apt.endText', { answered: Object.keys(answers).length, total: questions.length })}
          </EndDialog>
        )}
      </div>
    </ProctoringWrapper>
  );
}
