import type { TSsoConnection } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api';
import { useMe } from '../auth/use-auth';
import { errorText, SettingsPage } from './settings-nav';

interface SsoSettings {
  issuer: string;
  clientId: string;
  emailDomain: string;
  defaultRole: 'admin' | 'recruiter' | 'reviewer';
  enabled: boolean;
}

const EMPTY: SsoSettings = { issuer: '', clientId: '', emailDomain: '', defaultRole: 'recruiter', enabled: true };

/** /admin/settings/sso: the company's OpenID Connect provider, its domain proof, and linking one's account. */
export function SsoPage() {
  const me = useMe();
  const isOwner = me.data?.companyRole === 'owner';
  const current = useQuery({ queryKey: ['sso'], queryFn: () => api<TSsoConnection | null>('/api/companies/sso') });
  return (
    <SettingsPage
      title="Single sign-on"
      intro={`Once your domain is proven, members and new addresses at your domain are sent to your OpenID Connect provider; new ones join with the default role. Redirect URI to register: ${window.location.origin}/api/auth/sso/callback`}
    >
      {current.isLoading && <p className="muted">Loading…</p>}
      {current.isError && (
        <p className="alert alert-error" role="alert">
          {errorText(current.error, 'Could not load the single sign-on settings.')}
        </p>
      )}
      {current.isSuccess && (
        <>
          {isOwner ? (
            <SsoForm saved={current.data} />
          ) : (
            <p className="alert alert-info" role="status">
              Only the company owner sets up single sign-on.
            </p>
          )}
          {current.data && <DomainProof conn={current.data} canProve={isOwner} />}
          {current.data?.domainVerified && <LinkAccount />}
        </>
      )}
    </SettingsPage>
  );
}

function SsoForm({ saved }: { saved: TSsoConnection | null }) {
  const qc = useQueryClient();
  const [form, setForm] = useState<SsoSettings>(EMPTY);
  const [secret, setSecret] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (saved) setForm({ ...EMPTY, ...saved });
  }, [saved]);
  const save = useMutation({
    mutationFn: () =>
      api('/api/companies/sso', {
        method: 'PUT',
        body: { ...form, currentPassword: password, ...(secret ? { clientSecret: secret } : {}) },
      }),
    onSuccess: async () => {
      setSecret('');
      setPassword('');
      await qc.invalidateQueries({ queryKey: ['sso'] });
    },
  });
  const field = (key: 'issuer' | 'clientId' | 'emailDomain', label: string, placeholder: string) => (
    <div className="field">
      <label htmlFor={`sso-${key}`}>{label}</label>
      <input
        id={`sso-${key}`}
        value={form[key]}
        placeholder={placeholder}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        required
      />
    </div>
  );
  const passwordError = save.isError ? fieldError(save.error, 'currentPassword') : undefined;
  return (
    <section className="card">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {field('issuer', 'Issuer URL', 'https://login.example.com')}
        {field('clientId', 'Client id', 'assessly')}
        <div className="field">
          <label htmlFor="sso-secret">Client secret</label>
          <input
            id="sso-secret"
            type="password"
            autoComplete="off"
            value={secret}
            placeholder={saved ? 'Leave empty to keep the saved secret' : ''}
            onChange={(e) => setSecret(e.target.value)}
          />
        </div>
        {field('emailDomain', 'Email domain', 'example.com')}
        <div className="field">
          <label htmlFor="sso-role">Default role for new members</label>
          <select
            id="sso-role"
            value={form.defaultRole}
            onChange={(e) => setForm({ ...form, defaultRole: e.target.value as SsoSettings['defaultRole'] })}
          >
            <option value="recruiter">Recruiter</option>
            <option value="reviewer">Reviewer</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <label className="settings-checks">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
          />{' '}
          Enabled
        </label>
        <div className="field">
          <label htmlFor="sso-password">Your password</label>
          <input
            id="sso-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby="sso-password-help"
            required
          />
          <small id="sso-password-help" className="muted">
            {passwordError ?? 'Enter your password again to change how your company signs in.'}
          </small>
        </div>
        {save.isError && (
          <p className="alert alert-error" role="alert">
            {errorText(save.error, 'Could not save.')}
          </p>
        )}
        {save.isSuccess && <p className="alert alert-success">Saved — the provider answered.</p>}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
    </section>
  );
}

function fieldError(err: unknown, key: string): string | undefined {
  const fields = (err as { fields?: Record<string, string> } | null)?.fields;
  return fields?.[key];
}

function DomainProof({ conn, canProve }: { conn: TSsoConnection; canProve: boolean }) {
  const qc = useQueryClient();
  const prove = useMutation({
    mutationFn: () => api('/api/companies/sso/verify-domain', { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sso'] }),
  });
  return (
    <section className="card" aria-labelledby="sso-domain-title">
      <h2 id="sso-domain-title">Domain proof</h2>
      {conn.domainVerified ? (
        <p className="alert alert-success" role="status">
          {conn.emailDomain} is proven: sign-in discovery and new accounts use your provider.
        </p>
      ) : (
        <>
          <p>
            Nobody is sent to your provider until you prove that your company controls {conn.emailDomain}. Add this DNS
            TXT record, then check it:
          </p>
          <dl className="sso-record">
            <dt>Name</dt>
            <dd>
              <code>{conn.domainRecordName}</code>
            </dd>
            <dt>Value</dt>
            <dd>
              <code>{conn.domainRecordValue}</code>
            </dd>
          </dl>
          {prove.isError && (
            <p className="alert alert-error" role="alert">
              {errorText(prove.error, 'The record was not found.')}
            </p>
          )}
          {canProve && (
            <button type="button" className="btn" disabled={prove.isPending} onClick={() => prove.mutate()}>
              {prove.isPending ? 'Checking…' : 'Check the DNS record'}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function LinkAccount() {
  const [params] = useSearchParams();
  const link = useMutation({
    mutationFn: () => api<{ url: string }>('/api/auth/sso/link', { method: 'POST', body: {} }),
    onSuccess: (r) => window.location.assign(r.url),
  });
  return (
    <section className="card" aria-labelledby="sso-link-title">
      <h2 id="sso-link-title">Your account</h2>
      {params.get('linked') === '1' && (
        <p className="alert alert-success" role="status">
          Your account is linked: you can now sign in through your provider.
        </p>
      )}
      <p>An existing account signs in through the provider only after you link it here, while signed in.</p>
      {link.isError && (
        <p className="alert alert-error" role="alert">
          {errorText(link.error, 'Could not start linking.')}
        </p>
      )}
      <button type="button" className="btn" disabled={link.isPending} onClick={() => link.mutate()}>
        Link my account to the provider
      </button>
    </section>
  );
}
