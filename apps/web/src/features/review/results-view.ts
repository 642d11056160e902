/** Filters, sort and time taken of the results table (pure, so they are easy to test). */
import type { TReviewResultRow } from '@assessly/shared';

export type ResultSortKey = 'rank' | 'name' | 'score' | 'time' | 'events' | 'similarity' | 'status' | 'started';

export interface ResultFilters {
  /** A stage key of the company's pipeline (issue 26); '' = any. */
  status: string;
  /** `awaiting`: a written answer still needs grading (issue 25). */
  result: 'pass' | 'fail' | 'awaiting' | '';
  minPercent: string;
  maxPercent: string;
  flagged: boolean;
  startedFrom: string;
  startedTo: string;
  /** A language id the candidate submitted in ('' = any). */
  language: string;
}

export const NO_FILTERS: ResultFilters = {
  status: '',
  result: '',
  minPercent: '',
  maxPercent: '',
  flagged: false,
  startedFrom: '',
  startedTo: '',
  language: '',
};

/** Milliseconds from start to end; null while the attempt is still open. */
export function timeTakenMs(row: Pick<TReviewResultRow, 'startedAt' | 'endedAt'>): number | null {
  if (!row.endedAt) return null;
  return Math.max(0, new Date(row.endedAt).getTime() - new Date(row.startedAt).getTime());
}

/** "42 min 5 s", "1 h 3 min", or "In progress". */
export function formatTimeTaken(ms: number | null): string {
  if (ms === null) return 'In progress';
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min ${s % 60} s`;
}

/** Rows that match every filter set (a date is a day in local time, both ends included). */
export function filterResults(rows: TReviewResultRow[], f: ResultFilters): TReviewResultRow[] {
  const min = f.minPercent === '' ? null : Number(f.minPercent);
  const max = f.maxPercent === '' ? null : Number(f.maxPercent);
  const from = f.startedFrom ? new Date(`${f.startedFrom}T00:00:00`).getTime() : null;
  const to = f.startedTo ? new Date(`${f.startedTo}T23:59:59.999`).getTime() : null;
  return rows.filter((r) => {
    const started = new Date(r.startedAt).getTime();
    return (
      (!f.status || r.hiringStatus === f.status) &&
      (!f.result || (f.result === 'awaiting' ? r.awaitingGrading : r.passed === (f.result === 'pass'))) &&
      (min === null || r.percent >= min) &&
      (max === null || r.percent <= max) &&
      (!f.flagged || r.eventCount > 0 || r.similarityFlags > 0) &&
      (from === null || started >= from) &&
      (to === null || started <= to) &&
      (!f.language || (r.languages ?? []).includes(f.language))
    );
  });
}

const STATUS_ORDER: Record<string, number> = { shortlisted: 0, pending: 1, rejected: 2 };

/** Sorted copy; `rank` is the server's order (score first). An open attempt's time sorts after every finished one. */
export function sortResults(
  rows: TReviewResultRow[],
  key: ResultSortKey,
  dir: 'asc' | 'desc',
  rankOf: (r: TReviewResultRow) => number,
  /** The company's stage keys in pipeline order (issue 26); without them shortlisted, pending, rejected. */
  stageOrder?: readonly string[],
): TReviewResultRow[] {
  const value = (r: TReviewResultRow): number | string => {
    switch (key) {
      case 'rank':
        return rankOf(r);
      case 'name':
        return r.name.toLowerCase();
      case 'score':
        return r.percent;
      case 'time':
        return timeTakenMs(r) ?? Number.MAX_SAFE_INTEGER;
      case 'events':
        return r.eventCount;
      case 'similarity':
        return r.similarityFlags;
      case 'status':
        if (stageOrder) {
          const i = r.hiringStatus === null ? -1 : stageOrder.indexOf(r.hiringStatus);
          return i === -1 ? stageOrder.length : i;
        }
        return r.hiringStatus === null ? 3 : (STATUS_ORDER[r.hiringStatus] ?? 3);
      case 'started':
        return new Date(r.startedAt).getTime();
    }
  };
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va < vb) return -sign;
    if (va > vb) return sign;
    return rankOf(a) - rankOf(b);
  });
}
