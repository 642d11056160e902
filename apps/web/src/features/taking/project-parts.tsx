/**
 * The parts of a project workspace (issue 43): the file tree with create / rename / delete, the tabs of open
 * files, and the results of the last Run or Submit (per-test cards and the runner's log, terminal style).
 * Pure components: the workspace passes them their state and callbacks.
 */
import type { TProjectRunResult } from '@assessly/shared';
import { useState } from 'react';
import { useT } from '../../i18n/candidate-intl';

export function FileTree(props: {
  paths: string[];
  readOnly: string[];
  active: string | null;
  locked: boolean;
  onOpen: (path: string) => void;
  onCreate: (path: string) => void;
  onRename: (from: string, to: string) => void;
  onDelete: (path: string) => void;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState<{ mode: 'new' | 'rename'; value: string } | null>(null);
  const all = [...props.paths.map((p) => ({ p, ro: false })), ...props.readOnly.map((p) => ({ p, ro: true }))].sort(
    (a, b) => a.p.localeCompare(b.p),
  );
  const submit = () => {
    const value = editing?.value.trim();
    if (!editing || !value) return setEditing(null);
    if (editing.mode === 'new') props.onCreate(value);
    else if (props.active && value !== props.active) props.onRename(props.active, value);
    setEditing(null);
  };
  const activeEditable = !!props.active && props.paths.includes(props.active);
  return (
    <nav className="project-tree" aria-label={t('project.files')}>
      <div className="project-tree-actions">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={props.locked}
          onClick={() => setEditing({ mode: 'new', value: '' })}
        >
          {t('project.newFile')}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={props.locked || !activeEditable}
          onClick={() => setEditing({ mode: 'rename', value: props.active ?? '' })}
        >
          {t('project.rename')}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={props.locked || !activeEditable}
          onClick={() =>
            props.active &&
            window.confirm(t('project.deleteConfirm', { path: props.active })) &&
            props.onDelete(props.active)
          }
        >
          {t('project.delete')}
        </button>
      </div>
      {editing && (
        <form
          className="project-tree-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label className="field">
            <span>{editing.mode === 'new' ? t('project.newFilePath') : t('project.renameTo')}</span>
            <input
              className="input"
              autoFocus
              value={editing.value}
              placeholder="src/module.py"
              onChange={(e) => setEditing({ ...editing, value: e.target.value })}
              onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
            />
          </label>
          <button type="submit" className="btn btn-primary btn-sm">
            {t('project.ok')}
          </button>
        </form>
      )}
      <ul className="project-tree-list">
        {all.map(({ p, ro }) => (
          <li key={p}>
            <button
              type="button"
              className={`project-tree-file${p === props.active ? ' is-active' : ''}`}
              aria-current={p === props.active ? 'true' : undefined}
              onClick={() => props.onOpen(p)}
            >
              <span style={{ paddingInlineStart: `${(p.split('/').length - 1) * 0.9}rem` }}>{p}</span>
              {ro && <span className="badge project-ro">{t('project.readOnly')}</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function FileTabs(props: {
  tabs: string[];
  active: string | null;
  onSelect: (p: string) => void;
  onClose: (p: string) => void;
}) {
  const { t } = useT();
  return (
    <fieldset className="project-tabs">
      <legend className="sr-only">{t('project.openFiles')}</legend>
      {props.tabs.map((p) => (
        <span key={p} className={`project-tab${p === props.active ? ' is-active' : ''}`}>
          <button type="button" aria-pressed={p === props.active} onClick={() => props.onSelect(p)}>
            {p.slice(p.lastIndexOf('/') + 1)}
          </button>
          <button
            type="button"
            className="project-tab-close"
            aria-label={t('project.closeTab', { path: p })}
            onClick={() => props.onClose(p)}
          >
            ×
          </button>
        </span>
      ))}
    </fieldset>
  );
}

export function ProjectResults({
  result,
  busy,
  error,
}: {
  result: TProjectRunResult | null;
  busy: string | null;
  error: string;
}) {
  const { t } = useT();
  if (busy)
    return (
      <p className="results-summary" role="status">
        {busy === 'run' ? t('project.running') : t('project.submitting')}
      </p>
    );
  return (
    <section className="project-results" aria-labelledby="project-results-title">
      <h2 id="project-results-title" className="project-results-title">
        {t('project.results')}
      </h2>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {!result && !error && <p className="project-muted">{t('project.noRun')}</p>}
      {result && (
        <>
          <p className="results-summary" role="status" data-testid="project-summary">
            {t('project.summary', { passed: result.passedCount, total: result.totalCount })}
            {typeof result.score === 'number' &&
              ` · ${t('project.score', { score: result.score, max: result.maxScore ?? 0 })}`}
          </p>
          {result.message && <p className="alert alert-warning">{result.message}</p>}
          <ul className="project-cases" data-testid="project-cases">
            {result.cases.map((c) => (
              <li key={c.name} className="project-case">
                <span className={`badge ${c.passed ? 'badge-success' : 'badge-danger'}`}>
                  {c.passed ? t('verdict.passed') : t('verdict.failed')}
                </span>{' '}
                <span className="project-case-name">{c.name}</span>
                {typeof c.timeMs === 'number' && (
                  <span className="result-time"> {t('results.ms', { ms: c.timeMs })}</span>
                )}
                {c.output && (
                  <details>
                    <summary>{t('project.output')}</summary>
                    <pre className="project-pre">{c.output}</pre>
                  </details>
                )}
              </li>
            ))}
          </ul>
          {result.log !== null && (
            <details className="project-log" open={!result.cases.length}>
              <summary>{t('project.log')}</summary>
              <pre className="project-pre project-terminal" data-testid="project-log">
                {result.log || t('project.emptyLog')}
              </pre>
            </details>
          )}
        </>
      )}
    </section>
  );
}
