/** Small pieces shared by the review pages: modal, error screen, pager, code block, proctoring strip, badges. */
import type { IntegritySummary, TProctoringEvent, TScoreBand } from '@assessly/shared';
import { type ReactNode, useId, useRef } from 'react';
import { Pagination } from '../../app/pagination';
import { useDialog } from '../../app/use-dialog';
import { formatDateTime } from '../../lib/format';
import { BAND_CLASS, eventLabel } from './review-api';

export function Modal({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, onClose);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is a mouse shortcut; Escape and Close do the same
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={`modal rv-modal${wide ? ' wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        ref={ref}
      >
        <div className="rv-modal-head">
          <h2 id={id}>{title}</h2>
          <button type="button" className="btn btn-outline btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** The spec's error screen (part 2 §2.6, §8): 'Something went wrong' with the server's text. */
export function ErrorScreen({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const text = /User not found/i.test(message)
    ? 'No user was found with the email from your localStorage. Please check your login or registration.'
    : message || 'Something went wrong';
  return (
    <main className="container narrow center-text rv-page" role="alert">
      <h1>Something went wrong</h1>
      <p className="error-text">{text}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try Again
        </button>
      )}
    </main>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return <Pagination className="rv-pager" label={label} page={page} pages={pages} onPage={onPage} />;
}

export function CodeBlock({ code, highlight, label }: { code: string; highlight?: number[]; label?: string }) {
  const marked = new Set(highlight ?? []);
  return (
    <section aria-label={label}>
      <pre className="rv-code">
        <code>
          {marked.size === 0
            ? code
            : code.split('\n').map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
                <span key={i} className={marked.has(i + 1) ? 'hl' : undefined}>
                  {`${line}\n`}
                </span>
              ))}
        </code>
      </pre>
    </section>
  );
}

export function BandBadge({ band, passed, total }: { band: TScoreBand; passed: number; total: number }) {
  return (
    <span className={`badge badge-${BAND_CLASS[band]}`}>
      {band} · {passed}/{total}
    </span>
  );
}

/** A hiring status; label is its stage's name in the company's pipeline (issue 26) when known. */
export function HiringBadge({ status, label }: { status: string | null; label?: string }) {
  if (!status) return null;
  const cls = status === 'shortlisted' ? 'badge-success' : status === 'rejected' ? 'badge-danger' : '';
  return (
    <span className={`badge ${cls}`}>
      {label ?? (status === 'pending' ? 'Pending review' : status[0]!.toUpperCase() + status.slice(1))}
    </span>
  );
}

/** Captured frames and all integrity events on a timeline from the first to the last event. */
export function ProctoringStrip({
  events,
  counts,
  total,
  proctored,
  integrity,
}: {
  events: TProctoringEvent[];
  counts?: Record<string, number>;
  total?: number;
  /** false: the sitting had no camera proctoring (test setting off or face engine disabled). */
  proctored?: boolean;
  integrity?: IntegritySummary;
}) {
  const frames = events.filter((e) => e.frameUrl);
  const times = events.map((e) => new Date(e.occurredAt).getTime());
  const min = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - min);
  const tally: Record<string, number> = {};
  if (!counts) for (const e of events) tally[e.kind] = (tally[e.kind] ?? 0) + 1;
  const countList = Object.entries(counts ?? tally);
  // issue 46: the integrity count of the results list (coding signals too), when the server gives it
  const integrityList = Object.entries(integrity?.counts ?? {});
  return (
    <section className="rv-strip" aria-label="Proctoring Captures">
      <h4 className="rv-strip-title">Proctoring Captures</h4>
      {proctored === false && (
        <p>
          <span className="badge">Not proctored</span>{' '}
          <span className="muted">No camera checks ran for this sitting.</span>
        </p>
      )}
      {integrity && (
        <p className="rv-counts">
          <strong>
            {integrity.total === 0
              ? 'No integrity events'
              : `${integrity.total} integrity event${integrity.total === 1 ? '' : 's'}`}
          </strong>
          {integrityList.map(([kind, n]) => (
            <span key={kind} className="badge badge-warning">
              {eventLabel(kind)}: {n}
            </span>
          ))}
        </p>
      )}
      {events.length === 0 ? (
        <p className="muted">{integrity ? 'No proctoring events recorded.' : 'No integrity events recorded.'}</p>
      ) : (
        <>
          <div className="rv-counts">
            {countList.map(([kind, n]) => (
              <span key={kind} className="badge badge-warning">
                {eventLabel(kind)}: {n}
              </span>
            ))}
            {total != null && total > events.length && <span className="muted">({total} events in all)</span>}
          </div>
          <ul className="rv-timeline" aria-label="Integrity events timeline">
            {events.map((e, i) => (
              <li
                key={e.id}
                className={`rv-tick${e.frameUrl ? ' framed' : ''}`}
                style={{ left: `${events.length === 1 ? 50 : ((times[i]! - min) / span) * 100}%` }}
                title={`${eventLabel(e.kind)} at ${formatDateTime(e.occurredAt)}${e.detail ? `: ${e.detail}` : ''}`}
              >
                <span className="sr-only">{`${eventLabel(e.kind)} at ${formatDateTime(e.occurredAt)}`}</span>
              </li>
            ))}
          </ul>
          {frames.length > 0 && (
            <div className="rv-frames">
              {frames.map((e) => (
                <figure key={e.id} className="rv-frame">
                  <a href={e.frameUrl!} target="_blank" rel="noreferrer">
                    <img src={e.frameUrl!} alt={`Frame captured at ${eventLabel(e.kind)}`} loading="lazy" />
                  </a>
                  <figcaption>
                    {eventLabel(e.kind)} · {new Date(e.occurredAt).toLocaleTimeString('en-US')}
                  </figcaption>
                </figure>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
