import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useT } from '../../i18n/candidate-intl';
import { useExamGuard } from './exam-guard';
import { endAttempt } from './take-api';
import type { OpenTake } from './take-gate';
import { useTimeLeft } from './time';

/** The toast after ending: by the candidate (manual) or by the clock (timeout). */
export interface EndMessages {
  manual: string;
  timeout: string;
}

/**
 * The clock and the end of an open attempt, the same for every test page: time left by the server's deadline,
 * the exam guard, End Test (flush unsent saves, end on the server, toast) and the automatic end at zero
 * (unsent saves go out in the last two seconds; the server ends it anyway).
 */
export function useTakeSession({
  testId,
  take,
  offsetMs,
  setTake,
  queue,
  messages,
  onEnded,
}: OpenTake & {
  testId: string;
  queue: { flush(): Promise<unknown> };
  /** Toasted after the end; without them the page shows its own message (onEnded gets the reason). */
  messages?: EndMessages;
  onEnded?: (reason: keyof EndMessages) => void;
}) {
  const { t } = useT();
  const ended = take.window.state === 'ended';
  const [ending, setEnding] = useState(false);
  const [endError, setEndError] = useState('');
  const left = useTimeLeft(ended ? null : take.attempt.deadlineAt, offsetMs);
  const locked = ended || ending || (left !== null && left <= 0);
  useExamGuard(testId, !ended);

  const finish = useCallback(
    async (reason: keyof EndMessages) => {
      setEnding(true);
      setEndError('');
      await queue.flush();
      try {
        setTake(await endAttempt(testId));
        onEnded?.(reason);
        if (messages) toast.info(messages[reason]);
      } catch (err) {
        const text = t('end.failed', { reason: err instanceof Error ? err.message : t('end.networkError') });
        // A page without toast messages shows the error itself (no toast over its buttons).
        if (messages) toast.error(text);
        else setEndError(text);
      } finally {
        setEnding(false);
      }
    },
    [queue, testId, setTake, onEnded, messages, t],
  );

  const endedByTimer = useRef(false);
  useEffect(() => {
    if (ended || left === null) return;
    if (left <= 2000) void queue.flush();
    if (left <= 0 && !endedByTimer.current) {
      endedByTimer.current = true;
      void finish('timeout');
    }
  }, [left, ended, queue, finish]);

  // Time is up but the end did not reach the server (offline, server down): keep trying until it does.
  const overdue = !ended && left !== null && left <= 0 && endError !== '';
  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    if (!overdue) return;
    const id = setInterval(() => void finishRef.current('timeout'), 5000);
    return () => clearInterval(id);
  }, [overdue]);

  return { ended, left, locked, finish, endError };
}

/** The question or problem on screen, kept per attempt so a reload comes back to it. */
export function useSavedIndex(attemptId: string, count: number) {
  const key = `assessly.take.${attemptId}.index`;
  const [index, setIndex] = useState(() =>
    Math.min(Number(localStorage.getItem(key) ?? 0) || 0, Math.max(0, count - 1)),
  );
  useEffect(() => localStorage.setItem(key, String(index)), [key, index]);
  return [index, setIndex] as const;
}
