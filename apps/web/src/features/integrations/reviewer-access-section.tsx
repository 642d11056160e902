/**
 * On /admin/settings/company (issue 42): whether the company's reviewers read hidden test cases and model solutions.
 * Owners and admins change it (it saves when ticked or cleared; the server records every change in the audit log);
 * other roles read it. Off by default: reviewers see verdicts, not the hidden inputs and outputs.
 */
import type { TReviewerAccess } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { FormError } from './settings-form';
import { errorText } from './settings-nav';

const ACCESS_KEY = ['company', 'reviewer-access'];

export function ReviewerAccessSection({ editable }: { editable: boolean }) {
  const qc = useQueryClient();
  const access = useQuery({
    queryKey: ACCESS_KEY,
    queryFn: () => api<TReviewerAccess>('/api/companies/me/reviewer-access'),
  });
  // What the box shows while its change is being saved (the server's value otherwise).
  const [ticked, setTicked] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (reviewersSeeHidden: boolean) =>
      api<TReviewerAccess>('/api/companies/me/reviewer-access', { method: 'PUT', body: { reviewersSeeHidden } }),
    onSuccess: (data) => {
      qc.setQueryData(ACCESS_KEY, data);
      setTicked(null);
    },
    // a refused change shows the saved value again
    onError: () => setTicked(null),
  });
  const change = (next: boolean) => {
    save.reset();
    setTicked(next);
    save.mutate(next);
  };
  return (
    <section className="card" aria-labelledby="reviewer-access-title">
      <h2 id="reviewer-access-title">Reviewers</h2>
      {access.isError && <p className="alert alert-error">{errorText(access.error, 'Could not load this setting.')}</p>}
      {access.data && (
        <>
          <label className="settings-check">
            <input
              type="checkbox"
              checked={ticked ?? access.data.reviewersSeeHidden}
              onChange={(e) => change(e.target.checked)}
              disabled={!editable || save.isPending}
            />{' '}
            Reviewers see hidden test cases and model solutions
          </label>
          <p className="muted">
            Off: reviewers read every problem and every candidate's code and verdicts, but not the hidden cases' inputs
            and expected outputs, what the code printed on them, or the model solutions. Owners, admins and recruiters
            always see them. Each change is recorded in the audit log.
          </p>
          <FormError error={save.error} fallback="Could not save." />
          {save.isSuccess && (
            <p className="alert alert-success" role="status">
              Saved.
            </p>
          )}
        </>
      )}
    </section>
  );
}
