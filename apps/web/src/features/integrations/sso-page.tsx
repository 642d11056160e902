import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { errorText, SettingsPage } from './settings-nav';

interface SsoSettings {
  issuer: string;
  clientId: string;
  emailDomain: string;
  defaultRole: 'admin' | 'recruiter' | 'reviewer';
  enabled: boolean;
}

const EMPTY: SsoSettings = { issuer: '', clientId: '', emailDomain: '', defaultRole: 'recruiter', enabled: true };

/** /admin/settings/sso: the company's OpenID Connect provider. */
export function SsoPage() {
  const qc = useQueryClient();
  const current = useQuery({ queryKey: ['sso'], queryFn: () => api<SsoSettings | null>('/api/companies/sso') });
  const [form, setForm] = useState<SsoSettings>(EMPTY);
  const [secret, setSecret] = useState('');
  useEffect(() => {
    if (current.data) setForm({ ...EMPTY, ...current.data });
  }, [current.data]);
  const save = useMutation({
    mutationFn: () =>
      api('/api/companies/sso', { method: 'PUT', body: { ...form, ...(secret ? { clientSecret: secret } : {}) } }),
    onSuccess: async () => {
      setSecret('');
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
  return (
    <SettingsPage
      title="Single sign-on"
      intro={`People with an email at your domain are sent to your OpenID Connect provider; new ones join with the default role. Redirect URI to register: ${window.location.origin}/api/auth/sso/callback`}
    >
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
              placeholder={current.data ? 'Leave empty to keep the saved secret' : ''}
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
          {save.isError && (
            <p className="alert alert-error" role="alert">
              {errorText(save.error, 'Could not save.')}
            </p>
          )}
          {save.isSuccess && <p className="alert alert-success">Saved — the provider answered.</p>}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            Save
          </button>
        </form>
      </section>
    </SettingsPage>
  );
}
