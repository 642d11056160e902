/**
 * Scheduling an interview: title and candidate address, and what the API also takes — when, how long, which
 * languages (none chosen: every judge language), which library problems to have ready and who interviews.
 * Checked in the page with the API's own schema (ZInterviewCreate) before the call; the server's field errors show
 * under the same fields.
 */
import { JUDGE_LANGUAGES, languageName, type TCodingProblem, type TCompanyMember } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../app/alert';
import { ApiError, serverMessage } from '../../lib/api';
import { interviewsApi } from './interviews-api';
import { type Draft, EMPTY, toCreateBody } from './schedule-body';

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

/** A group of checkboxes with a legend, its hint and its error tied to the group. */
function CheckGroup(props: {
  id: string;
  legend: string;
  hint: string;
  options: { value: string; label: string }[];
  chosen: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const { id, legend, hint, options, chosen, onChange, error } = props;
  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="field iv-checks" aria-describedby={described} aria-invalid={!!error || undefined}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="muted">
        {hint}
      </p>
      {options.map((o) => (
        <label key={o.value} className="iv-check">
          <input
            type="checkbox"
            checked={chosen.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
          />{' '}
          {o.label}
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

function memberLabel(m: TCompanyMember) {
  const name = `${m.firstName} ${m.lastName}`.trim();
  return name ? `${name} (${m.email})` : m.email;
}

export function ScheduleForm() {
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ['company-members'], queryFn: interviewsApi.members });
  const problems = useQuery({ queryKey: ['interview-problems'], queryFn: interviewsApi.problems });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const aria = (field: string, id: string, hint?: string) => ({
    'aria-invalid': !!fields[field] || undefined,
    'aria-describedby': [hint, fields[field] ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    const checked = toCreateBody(draft, new Date());
    setFields(checked.fields ?? {});
    if (!checked.body) {
      setError('Check the highlighted fields.');
      return;
    }
    setBusy(true);
    try {
      await interviewsApi.create(checked.body);
      setDone(`Interview scheduled; ${checked.body.candidateEmail} has been emailed the link to the room.`);
      setDraft(EMPTY);
      await queryClient.invalidateQueries({ queryKey: ['interviews'] });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setFields(err.fields);
      setError(serverMessage(err, 'The interview could not be scheduled. Check your connection.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={submit} aria-labelledby="iv-new-title" noValidate>
      <h2 id="iv-new-title">Schedule an interview</h2>
      <div className="field">
        <label htmlFor="iv-title">Title</label>
        <input
          id="iv-title"
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          {...aria('title', 'iv-title')}
        />
        <FieldError id="iv-title-error" message={fields.title} />
      </div>
      <div className="field">
        <label htmlFor="iv-email">Candidate email</label>
        <input
          id="iv-email"
          type="email"
          value={draft.email}
          onChange={(e) => set('email', e.target.value)}
          {...aria('candidateEmail', 'iv-email')}
        />
        <FieldError id="iv-email-error" message={fields.candidateEmail} />
      </div>
      <div className="field">
        <label htmlFor="iv-name">Candidate name (optional: the room shows their email without it)</label>
        <input
          id="iv-name"
          value={draft.name}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => set('name', e.target.value)}
          {...aria('candidateName', 'iv-name')}
        />
        <FieldError id="iv-name-error" message={fields.candidateName} />
      </div>
      <div className="iv-row">
        <div className="field">
          <label htmlFor="iv-when">Date and time (optional)</label>
          <input
            id="iv-when"
            type="datetime-local"
            value={draft.when}
            onChange={(e) => set('when', e.target.value)}
            {...aria('scheduledAt', 'iv-when')}
          />
          <FieldError id="iv-when-error" message={fields.scheduledAt} />
        </div>
        <div className="field">
          <label htmlFor="iv-duration">Duration in minutes (optional)</label>
          <input
            id="iv-duration"
            type="number"
            inputMode="numeric"
            min={5}
            max={480}
            step={5}
            value={draft.duration}
            onChange={(e) => set('duration', e.target.value)}
            {...aria('durationMinutes', 'iv-duration')}
          />
          <FieldError id="iv-duration-error" message={fields.durationMinutes} />
        </div>
      </div>
      <CheckGroup
        id="iv-languages"
        legend="Languages"
        hint="None chosen: every language the judge runs."
        options={JUDGE_LANGUAGES.map((l) => ({ value: l, label: languageName(l) }))}
        chosen={draft.languages}
        onChange={(v) => set('languages', v)}
        error={fields.languages}
      />
      <CheckGroup
        id="iv-problems"
        legend="Problems to have ready"
        hint={
          problems.isError
            ? 'The problem library could not be loaded.'
            : 'From your library; you reveal one in the room when you are ready.'
        }
        options={(problems.data ?? []).map((p: TCodingProblem) => ({ value: p.id, label: p.title }))}
        chosen={draft.problemIds}
        onChange={(v) => set('problemIds', v)}
        error={fields.problemIds}
      />
      <CheckGroup
        id="iv-interviewers"
        legend="Interviewers"
        hint={
          members.isError
            ? 'The team could not be loaded.'
            : 'Colleagues named here join as interviewers whatever their role.'
        }
        options={(members.data ?? []).map((m) => ({ value: m.id, label: memberLabel(m) }))}
        chosen={draft.interviewerIds}
        onChange={(v) => set('interviewerIds', v)}
        error={fields.interviewerIds}
      />
      <ErrorAlert message={error} />
      <SuccessAlert message={done} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Scheduling…' : 'Schedule and email the candidate'}
      </button>
    </form>
  );
}
