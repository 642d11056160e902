/**
 * The hiring pipeline on /admin/settings/company (issue 26): owners and admins add, rename, reorder and remove
 * the company's own stages; Applied, Shortlisted and Rejected are built in (they may move, not be renamed or
 * removed). Other roles read the list. Each own stage may have its own email (subject and text with
 * placeholders), else the default "moved to <stage>" text. Saving sends the whole list; the server's refusals
 * show beside the stage or field they concern and as one alert.
 */
import {
  DEFAULT_STAGE_MAIL,
  STAGE_MAIL_BODY_MAX,
  STAGE_MAIL_SUBJECT_MAX,
  type TPipelineStage,
  type TStageMail,
} from '@assessly/shared';
import { useEffect, useState } from 'react';
import { FormField } from '../../app/form-field';
import { ApiError } from '../../lib/api';
import { usePipeline, useSavePipeline } from '../review/review-api';
import { FormError } from './settings-form';
import { errorText } from './settings-nav';

interface Row {
  /** a React key that survives renames and moves */
  id: number;
  key?: string;
  label: string;
  builtIn: boolean;
  /** the stage's own email; null: the default text */
  mail: TStageMail | null;
}

let nextId = 1;
const rowsOf = (stages: TPipelineStage[]): Row[] => stages.map((s) => ({ ...s, id: nextId++ }));

export function PipelineSection({ editable }: { editable: boolean }) {
  const pipeline = usePipeline();
  const save = useSavePipeline();
  const [rows, setRows] = useState<Row[]>([]);
  const [newLabel, setNewLabel] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (pipeline.data) setRows(rowsOf(pipeline.data.stages));
  }, [pipeline.data]);

  const change = (next: Row[], say = '') => {
    if (save.isSuccess || save.isError) save.reset();
    setRows(next);
    setNotice(say);
  };
  const move = (i: number, by: -1 | 1) => {
    const j = i + by;
    if (j < 0 || j >= rows.length) return;
    const next = [...rows];
    [next[i], next[j]] = [next[j]!, next[i]!];
    change(next, `${rows[i]!.label} moved to position ${j + 1} of ${rows.length}.`);
  };
  const add = () => {
    const label = newLabel.trim();
    if (!label) return setAddError('Type the new stage name first');
    if (rows.some((r) => r.label.toLowerCase() === label.toLowerCase()))
      return setAddError(`There is already a stage named ${label}`);
    setAddError(null);
    setNewLabel('');
    // before Rejected, where a new step of a hiring process usually goes
    const at = rows.findIndex((r) => r.key === 'rejected');
    const next = [...rows];
    next.splice(at === -1 ? rows.length : at, 0, { id: nextId++, label, builtIn: false, mail: null });
    change(next, `${label} added. Save the stages to keep it.`);
  };
  const fieldError = (i: number, field = 'label') =>
    save.error instanceof ApiError ? (save.error.fields?.[`stages.${i}.${field}`] ?? null) : null;
  const setMail = (id: number, mail: TStageMail | null) => change(rows.map((x) => (x.id === id ? { ...x, mail } : x)));

  return (
    <section className="card" aria-labelledby="company-pipeline-title">
      <h2 id="company-pipeline-title">Hiring pipeline</h2>
      <p className="muted">
        The stages a candidate moves through on a test's results page. Applied, Shortlisted and Rejected are built in
        and keep their emails (Email templates page); moving a candidate to one of your own stages emails them only when
        you choose to, with the stage's own email if you write one.
      </p>
      {pipeline.isError && (
        <p className="alert alert-error">{errorText(pipeline.error, 'Could not load the pipeline.')}</p>
      )}
      {pipeline.isPending && <p className="muted">Loading the stages...</p>}
      {pipeline.data && !editable && (
        <ol aria-label="Pipeline stages">
          {pipeline.data.stages.map((s) => (
            <li key={s.key}>
              {s.label}
              {s.builtIn && <span className="muted"> (built in)</span>}
              {s.mail && <span className="muted"> (own email: {s.mail.subject})</span>}
            </li>
          ))}
        </ol>
      )}
      {pipeline.data && editable && (
        <form
          aria-label="Pipeline stages"
          onSubmit={(e) => {
            e.preventDefault();
            setNotice('');
            save.mutate(
              rows.map((r) => ({
                ...(r.key ? { key: r.key } : {}),
                label: r.label,
                ...(r.builtIn ? {} : { mail: r.mail }),
              })),
            );
          }}
        >
          <ol className="pipeline-stages">
            {rows.map((r, i) => {
              const error = fieldError(i);
              return (
                <li key={r.id} className="row" style={{ gap: '0.4rem', marginBottom: '0.4rem', alignItems: 'center' }}>
                  {r.builtIn ? (
                    <span>
                      {r.label} <span className="muted">(built in)</span>
                    </span>
                  ) : (
                    <span>
                      <label htmlFor={`stage-${r.id}`} className="sr-only">
                        Name of stage {i + 1}
                      </label>
                      <input
                        id={`stage-${r.id}`}
                        value={r.label}
                        maxLength={40}
                        onChange={(e) => change(rows.map((x) => (x.id === r.id ? { ...x, label: e.target.value } : x)))}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `stage-${r.id}-error` : undefined}
                      />
                      {error && (
                        <span id={`stage-${r.id}-error`} className="field-error">
                          {' '}
                          {error}
                        </span>
                      )}
                    </span>
                  )}
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-label={`Move ${r.label || `stage ${i + 1}`} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-label={`Move ${r.label || `stage ${i + 1}`} down`}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </button>
                  {!r.builtIn && (
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={`Remove ${r.label || `stage ${i + 1}`}`}
                      onClick={() =>
                        change(
                          rows.filter((x) => x.id !== r.id),
                          `${r.label} removed. Save to confirm.`,
                        )
                      }
                    >
                      Remove
                    </button>
                  )}
                  {!r.builtIn && (
                    <StageMailEditor
                      row={r}
                      position={i + 1}
                      onChange={(mail) => setMail(r.id, mail)}
                      errors={{
                        subject: fieldError(i, 'mail.subject') ?? fieldError(i, 'mail'),
                        body: fieldError(i, 'mail.body'),
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ol>
          <div className="field">
            <label htmlFor="new-stage">New stage</label>
            <div className="row" style={{ gap: '0.4rem' }}>
              <input
                id="new-stage"
                value={newLabel}
                maxLength={40}
                placeholder="Phone screen"
                onChange={(e) => setNewLabel(e.target.value)}
                onKeyDown={(e) => {
                  // Enter adds the stage (it does not save the list)
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
                aria-invalid={addError ? true : undefined}
                aria-describedby={addError ? 'new-stage-error' : undefined}
              />
              <button type="button" className="btn btn-outline" onClick={add}>
                Add stage
              </button>
            </div>
            {addError && (
              <p id="new-stage-error" className="field-error">
                {addError}
              </p>
            )}
          </div>
          <p className="sr-only" role="status" aria-live="polite">
            {notice}
          </p>
          <FormError error={save.error} fallback="Could not save the stages." />
          {save.isSuccess && (
            <p className="alert alert-success" role="status">
              Stages saved.
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save stages'}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * The email of one own stage: off is the default text; on shows the subject and text (filled with the default to
 * start from) and the placeholders. Errors from the server show beside their field.
 */
function StageMailEditor({
  row,
  position,
  onChange,
  errors,
}: {
  row: Row;
  position: number;
  onChange: (mail: TStageMail | null) => void;
  errors: { subject: string | null; body: string | null };
}) {
  const name = row.label || `stage ${position}`;
  const id = `stage-${row.id}-mail`;
  return (
    <div className="pipeline-mail" style={{ flexBasis: '100%' }}>
      <label>
        <input
          type="checkbox"
          checked={row.mail !== null}
          onChange={(e) => onChange(e.target.checked ? { ...DEFAULT_STAGE_MAIL } : null)}
        />{' '}
        Own email for {name}
      </label>
      {row.mail === null ? (
        <span className="muted"> (the default: &ldquo;{DEFAULT_STAGE_MAIL.subject}&rdquo;)</span>
      ) : (
        <fieldset className="field" aria-describedby={`${id}-hint`}>
          <legend>Email for {name}</legend>
          <p id={`${id}-hint`} className="field-hint">
            Placeholders: {'{candidateName}'}, {'{testName}'}, {'{stageLabel}'}, {'{companyName}'}.
          </p>
          <FormField id={`${id}-subject`} label="Subject" error={errors.subject}>
            {(a11y) => (
              <input
                {...a11y}
                value={row.mail!.subject}
                maxLength={STAGE_MAIL_SUBJECT_MAX}
                onChange={(e) => onChange({ ...row.mail!, subject: e.target.value })}
              />
            )}
          </FormField>
          <FormField id={`${id}-body`} label="Text" error={errors.body}>
            {(a11y) => (
              <textarea
                {...a11y}
                rows={6}
                value={row.mail!.body}
                maxLength={STAGE_MAIL_BODY_MAX}
                onChange={(e) => onChange({ ...row.mail!, body: e.target.value })}
              />
            )}
          </FormField>
        </fieldset>
      )}
    </div>
  );
}
