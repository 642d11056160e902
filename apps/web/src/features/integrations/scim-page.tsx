import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { issueScimToken, readScim, revokeScimToken } from './integrations-api';
import { FormError, SecretOnce } from './settings-form';
import { errorText, SettingsPage } from './settings-nav';

const KEY = ['scim-settings'] as const;

/**
 * /admin/settings/scim (issue 45): the SCIM 2.0 base URL the identity provider calls (Okta's "SCIM connector base
 * URL", Entra ID's "Tenant URL"), the company's token shown once (Okta's API token, Entra ID's "Secret Token"),
 * rotated by generating a new one, and revoked.
 */
export function ScimPage() {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: readScim });
  const [secret, setSecret] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: issueScimToken,
    onSuccess: async (created) => {
      setSecret(created.token);
      await qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeScimToken,
    onSuccess: async () => {
      setSecret(null);
      await qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const s = settings.data;

  return (
    <SettingsPage
      title="SCIM provisioning"
      intro="Let Okta or Microsoft Entra ID create, update and deactivate your company's members. Groups are your roles: admin, recruiter and reviewer (the owner role stays here). A deactivated member loses access at once."
    >
      {settings.isError && (
        <p className="alert alert-error">{errorText(settings.error, 'Could not load the SCIM settings.')}</p>
      )}
      {s && (
        <section className="card" aria-labelledby="scim-connection">
          <h2 id="scim-connection">Connection</h2>
          <div className="field">
            <label htmlFor="scim-base-url">Base URL (Okta: SCIM connector base URL; Entra ID: Tenant URL)</label>
            <input id="scim-base-url" className="input" value={s.baseUrl} readOnly />
          </div>
          <p>
            Token:{' '}
            {s.hasToken ? <span className="badge badge-success">Active</span> : <span className="badge">None</span>}
            {s.createdAt && <> · created {formatDateTime(s.createdAt)}</>}
            {s.hasToken && <> · last used {s.lastUsedAt ? formatDateTime(s.lastUsedAt) : 'never'}</>}
          </p>
          <FormError error={issue.error ?? revoke.error} fallback="Could not change the SCIM token." />
          <div className="settings-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={issue.isPending}
              onClick={() => {
                setSecret(null);
                issue.mutate();
              }}
            >
              {s.hasToken ? 'Rotate token' : 'Generate token'}
            </button>
            {s.hasToken && (
              <button
                type="button"
                className="btn btn-outline"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate()}
              >
                Revoke token
              </button>
            )}
          </div>
          {s.hasToken && !secret && <p className="muted">Rotating makes a new token and stops the old one at once.</p>}
          <SecretOnce
            secret={secret}
            notice="Copy this token now into your identity provider (Okta: API token; Entra ID: Secret Token) — it will not be shown again."
          />
        </section>
      )}
    </SettingsPage>
  );
}
