/** /admin/templates: the company's invitation, reminder and status emails, with placeholders. */
import { TEMPLATE_PLACEHOLDERS, type TEmailTemplate, ZTemplateUpdate } from '@assessly/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageSpinner } from '../../app/page-spinner';
import { useResetTemplate, useSaveTemplate, useTemplates } from './review-api';
import { ErrorScreen } from './review-ui';
import './review.css';

const TITLES = {
  invitation: 'Invitation',
  reminder: 'Reminder',
  shortlisted: 'Shortlisted',
  rejected: 'Rejected',
} as const;

export function TemplatesPage() {
  const q = useTemplates();
  if (q.isPending) return <PageSpinner label="Loading templates..." />;
  if (q.isError) return <ErrorScreen message={q.error.message} onRetry={() => q.refetch()} />;
  return (
    <main className="container rv-page">
      <p className="rv-nav">
        <Link to="/admin/submission">← Dashboard</Link>
      </p>
      <h1>Email templates</h1>
      <p className="muted">
        Placeholders: {TEMPLATE_PLACEHOLDERS.join(', ')}. {'{inviteLink}'} and {'{endTime}'} are filled in invitations
        and reminders.
      </p>
      {q.data.map((t) => (
        <TemplateForm key={`${t.kind}-${t.isDefault}-${t.subject}`} tpl={t} />
      ))}
    </main>
  );
}

function TemplateForm({ tpl }: { tpl: TEmailTemplate }) {
  const [subject, setSubject] = useState(tpl.subject);
  const [body, setBody] = useState(tpl.body);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const id = `tpl-${tpl.kind}`;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZTemplateUpdate.safeParse({ kind: tpl.kind, subject, body });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success(`${TITLES[tpl.kind]} template saved`);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  return (
    <form className="card rv-section rv-inline-form" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`} style={{ marginTop: 0 }}>
        {TITLES[tpl.kind]} email {tpl.isDefault && <span className="badge">Default</span>}
      </h2>
      <div className="field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input
          id={`${id}-subject`}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          aria-invalid={!!errors.subject}
          aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
        />
        {errors.subject && (
          <span id={`${id}-subject-error`} className="field-error">
            {errors.subject}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>Body</label>
        <textarea
          id={`${id}-body`}
          rows={7}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={!!errors.body}
          aria-describedby={errors.body ? `${id}-body-error` : undefined}
        />
        {errors.body && (
          <span id={`${id}-body-error`} className="field-error">
            {errors.body}
          </span>
        )}
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save {TITLES[tpl.kind]} template
        </button>
        {!tpl.isDefault && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => reset.mutate(tpl.kind)}
            disabled={reset.isPending}
          >
            Restore default
          </button>
        )}
      </div>
    </form>
  );
}
