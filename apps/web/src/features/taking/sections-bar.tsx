/**
 * A mixed test's sections on the candidate's page (issue 46). The sections are taken in order: the bar names the
 * current one, shows its own time left when it has a budget (the test's timer in the top bar still rules), and
 * moves on when the candidate asks or when the section's time is up. The server refuses work outside the current
 * section, so nothing here is the only guard.
 */
import type { TTakeSection, TTakeTest } from '@assessly/shared';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { api } from '../../lib/api';
import { formatHms, useTimeLeft } from './time';

export function currentSection(take: Pick<TTakeTest, 'sections'>): TTakeSection | null {
  return take.sections?.find((s) => s.state === 'current') ?? null;
}

export function SectionsBar({
  testId,
  take,
  offsetMs,
  setTake,
  locked,
  beforeMove,
}: {
  testId: string;
  take: TTakeTest;
  offsetMs: number;
  setTake: (t: TTakeTest) => void;
  locked: boolean;
  /** Sends what is waiting (drafts, answers) before the section closes. */
  beforeMove: () => Promise<unknown>;
}) {
  const { t } = useT();
  const sections = take.sections ?? [];
  const current = currentSection(take);
  const at = current ? sections.indexOf(current) : -1;
  const timed = current?.minutes ? current.deadlineAt : null;
  const left = useTimeLeft(locked ? null : timed, offsetMs);
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const movedFor = useRef<string | null>(null);

  const move = async () => {
    if (!current || moving) return;
    setMoving(true);
    setError(null);
    try {
      await beforeMove().catch(() => undefined);
      setTake(
        await api<TTakeTest>(`/api/attempts/${testId}/sections/next`, {
          method: 'POST',
          body: { sectionId: current.id },
        }),
      );
      setConfirm(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('sections.moveFailed'));
    } finally {
      setMoving(false);
    }
  };

  // the section's own time is up: on to the next one (once per section)
  useEffect(() => {
    if (!current || left === null || left > 0 || movedFor.current === current.id) return;
    movedFor.current = current.id;
    void move();
  });

  if (sections.length === 0) return null;
  const last = at === sections.length - 1;
  return (
    <nav className="taking-sections alert alert-info taking-banner" aria-label={t('sections.label')}>
      <ol className="taking-sections-list">
        {sections.map((s, i) => (
          <li key={s.id} aria-current={s.state === 'current' ? 'step' : undefined} className={`section-${s.state}`}>
            {t('sections.item', { n: i + 1, title: s.title, kind: s.kind })}
            {s.state === 'done' && <span className="sr-only"> {t('sections.done')}</span>}
          </li>
        ))}
      </ol>
      {current ? (
        <p className="taking-sections-now" aria-live="polite">
          {t('sections.now', { n: at + 1, total: sections.length })} <strong>{current.title}</strong>
          {current.minutes ? (
            <>
              {' '}
              · {t('sections.timeLeft')} <span data-testid="section-timer">{formatHms(left ?? 0)}</span>
            </>
          ) : (
            ` · ${t('sections.noLimit')}`
          )}
        </p>
      ) : (
        <p className="taking-sections-now">{t('sections.allDone')}</p>
      )}
      {current && !locked && !last && !confirm && (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfirm(true)}>
          {t('sections.next')}
        </button>
      )}
      {current && !locked && last && <p className="muted">{t('sections.last')}</p>}
      {confirm && (
        <span>
          {t('sections.noReturn')}{' '}
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void move()} disabled={moving}>
            {moving ? t('sections.moving') : t('sections.go')}
          </button>{' '}
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setConfirm(false)}>
            {t('sections.stay')}
          </button>
        </span>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </nav>
  );
}
