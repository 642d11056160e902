/** The results table's filter bar and sortable column headers (issue 26). */
import { DEFAULT_PIPELINE, languageName, type TPipelineStage } from '@assessly/shared';
import type { ReactNode } from 'react';
import type { ResultFilters, ResultSortKey } from './results-view';
import { StageOptions } from './stage-options';

export interface SortState {
  key: ResultSortKey;
  dir: 'asc' | 'desc';
}

export function SortHeader(props: {
  label: ReactNode;
  k: ResultSortKey;
  sort: SortState;
  onSort: (s: SortState) => void;
}) {
  const active = props.sort.key === props.k;
  const next: SortState = { key: props.k, dir: active && props.sort.dir === 'asc' ? 'desc' : 'asc' };
  return (
    <th aria-sort={active ? (props.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="rv-sort" onClick={() => props.onSort(next)}>
        {props.label}
        <span aria-hidden="true">{active ? (props.sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

export function ResultsFilterBar(props: {
  filters: ResultFilters;
  onChange: (f: ResultFilters) => void;
  shown: number;
  total: number;
  /** Language ids present in the rows (the language filter shows only when there are any). */
  languages?: readonly string[];
  /** The company's pipeline stages (issue 26). */
  stages?: readonly TPipelineStage[];
}) {
  const { filters: f, onChange } = props;
  const set = <K extends keyof ResultFilters>(k: K, v: ResultFilters[K]) => onChange({ ...f, [k]: v });
  return (
    <fieldset className="rv-filters no-print">
      <legend>Filter</legend>
      <label>
        Status{' '}
        <select value={f.status} onChange={(e) => set('status', e.target.value as ResultFilters['status'])}>
          <option value="">Any</option>
          <StageOptions stages={props.stages ?? DEFAULT_PIPELINE} />
        </select>
      </label>
      <label>
        Result{' '}
        <select value={f.result} onChange={(e) => set('result', e.target.value as ResultFilters['result'])}>
          <option value="">Any</option>
          <option value="pass">Pass</option>
          <option value="fail">Fail</option>
          <option value="awaiting">Needs grading</option>
        </select>
      </label>
      <label>
        Score from (%){' '}
        <input
          type="number"
          min={0}
          max={100}
          value={f.minPercent}
          onChange={(e) => set('minPercent', e.target.value)}
        />
      </label>
      <label>
        to (%){' '}
        <input
          type="number"
          min={0}
          max={100}
          value={f.maxPercent}
          onChange={(e) => set('maxPercent', e.target.value)}
        />
      </label>
      {props.languages && props.languages.length > 0 && (
        <label>
          Language{' '}
          <select value={f.language} onChange={(e) => set('language', e.target.value)}>
            <option value="">Any</option>
            {props.languages.map((l) => (
              <option key={l} value={l}>
                {languageName(l)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Started from <input type="date" value={f.startedFrom} onChange={(e) => set('startedFrom', e.target.value)} />
      </label>
      <label>
        until <input type="date" value={f.startedTo} onChange={(e) => set('startedTo', e.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={f.flagged} onChange={(e) => set('flagged', e.target.checked)} /> Only with
        integrity events or similarity flags
      </label>
      <p className="muted" role="status" aria-live="polite">
        Showing {props.shown} of {props.total}
      </p>
    </fieldset>
  );
}
