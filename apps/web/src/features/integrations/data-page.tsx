import type { TRetention } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { eraseCandidate, readRetention, saveRetention } from './integrations-api';
import { errorText, SettingsPage } from './settings-nav';

const FIELDS: { key: keyof TRetention; label: string }[] = [
  { key: 'framesDays', label: 'Proctoring frames and face photos' },
  { key: 'codeDays', label: 'Submitted code and drafts' },
  { key: 'personalDays', label: 'Personal data (results become "Deleted candidate")' },
];

/** /admin/settings/data: retention periods and erasing one candidate's data held by the company. */
export function DataPage() {
  const qc = useQueryClient();
  const retention = useQuery({ queryKey: ['retention'], queryFn: readRetention });
  const [form, setForm] = useState<Record<keyof TRetention, string>>({
    framesDays: '',
    codeDays: '',
    personalDays: '',
  });
  useEffect(() => {
    if (!retention.data) return;
    const d = retention.data;
    setForm({
      framesDays: d.framesDays?.toString() ?? '',
      codeDays: d.codeDays?.toString() ?? '',
      personalDays: d.personalDays?.toString() ?? '',
    });
  }, [retention.data]);
  const save = useMutation({
    mutationFn: () =>
      saveRetention({
        framesDays: form.framesDays ? Number(form.framesDays) : null,
        codeDays: form.codeDays ? Number(form.codeDays) : null,
        personalDays: form.personalDays ? Number(form.personalDays) : null,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['retention'] }),
  });
  const [candidateId, setCandidateId] = useState('');
  const erase = useMutation({ mutationFn: () => eraseCandidate(candidateId.trim()) });

  return (
    <SettingsPage
      title="Data & retention"
      intro="How long data is kept after a test closes. Empty keeps code and personal data; frames are kept 90 days unless you set a period (candidates are told it before they start). A daily job purges what expired; every purge and erasure is in the audit log."
    >
      <section className="card" aria-labelledby="retention-title">
        <h2 id="retention-title">Retention</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          {FIELDS.map((f) => (
            <div className="field" key={f.key}>
              <label htmlFor={`ret-${f.key}`}>{f.label} (days)</label>
              <input
                id={`ret-${f.key}`}
                type="number"
                min={1}
                max={3650}
                placeholder={f.key === 'framesDays' ? '90' : ''}
                value={form[f.key]}
                onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
              />
            </div>
          ))}
          {save.isError && <p className="alert alert-error">{errorText(save.error, 'Could not save.')}</p>}
          {save.isSuccess && <p className="alert alert-success">Saved.</p>}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            Save retention
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby="erase-title">
        <h2 id="erase-title">Erase a candidate's data</h2>
        <p className="muted">
          Deletes the candidate's frames, code, drafts and invitations held by this company; their results stay as
          "Deleted candidate" with the score. The candidate id is in the report's address.
        </p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (window.confirm('Erase this candidate’s data for your company? This cannot be undone.')) erase.mutate();
          }}
        >
          <div className="field">
            <label htmlFor="erase-id">Candidate id</label>
            <input id="erase-id" value={candidateId} onChange={(e) => setCandidateId(e.target.value)} required />
          </div>
          {erase.isError && <p className="alert alert-error">{errorText(erase.error, 'Could not erase.')}</p>}
          {erase.isSuccess && (
            <p className="alert alert-success">
              Erased ({erase.data.attempts} attempt(s) anonymised, {erase.data.interviews} interview(s) deleted).
            </p>
          )}
          <button type="submit" className="btn btn-danger" disabled={erase.isPending}>
            Erase candidate data
          </button>
        </form>
      </section>
    </SettingsPage>
  );
}
