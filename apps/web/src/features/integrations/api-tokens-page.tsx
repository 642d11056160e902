import { API_TOKEN_SCOPES } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { createToken, listTokens, revokeToken } from './integrations-api';
import { CheckboxGroup, SecretForm } from './settings-form';
import { errorText, SettingsPage } from './settings-nav';

const KEY = ['api-tokens'] as const;

/** /admin/settings/api-tokens: create scoped tokens (secret shown once), see their last use, revoke. */
export function ApiTokensPage() {
  const qc = useQueryClient();
  const tokens = useQuery({ queryKey: KEY, queryFn: listTokens });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['tests:read']);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createToken({ name, scopes }),
    onSuccess: async (t) => {
      setSecret(t.token);
      setName('');
      await qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeToken,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });

  return (
    <SettingsPage
      title="API tokens"
      intro="Connect your applicant tracking system. Send a token as `Authorization: Bearer <token>`; it can call only the routes of its scopes."
    >
      <SecretForm
        id="new-token"
        title="New token"
        submitLabel="Create token"
        mutation={create}
        errorFallback="Could not create the token."
        secret={secret}
        secretNotice="Copy this token now — it will not be shown again."
        onClearSecret={() => setSecret(null)}
      >
        <div className="field">
          <label htmlFor="token-name">Name</label>
          <input id="token-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
        </div>
        <CheckboxGroup legend="Scopes" options={API_TOKEN_SCOPES} selected={scopes} onChange={setScopes} />
      </SecretForm>
      <section className="card" aria-labelledby="token-list">
        <h2 id="token-list">Tokens</h2>
        {tokens.isError && <p className="alert alert-error">{errorText(tokens.error, 'Could not load tokens.')}</p>}
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {tokens.data?.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td>{t.scopes.join(', ')}</td>
                  <td>{formatDateTime(t.createdAt)}</td>
                  <td>{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never'}</td>
                  <td>
                    {t.revokedAt ? (
                      <span className="badge badge-danger">Revoked</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        onClick={() => revoke.mutate(t.id)}
                        aria-label={`Revoke ${t.name}`}
                      >
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
              {tokens.data?.length === 0 && (
                <tr>
                  <td colSpan={5} className="muted">
                    No tokens yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    </SettingsPage>
  );
}
