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

type Protocol = 'oidc' | 'saml';

/**
 * /admin/settings/sso: the company's identity provider (OpenID Connect or SAML 2.0, issue 45), its domain proof,
 * and linking one's account.
 */
export function SsoPage() {
  const me = useMe();
  const isOwner = me.data?.companyRole === 'owner';
  const current = useQuery({ queryKey: ['sso'], queryFn: () => api<TSsoConnection | null>('/api/companies/sso') });
  const [choice, setChoice] = useState<Protocol | null>(null);
  const protocol: Protocol = choice ?? current.data?.protocol ?? 'oidc';
  return (
    <SettingsPage
      title="Single sign-on"
      intro="Once your domain is proven, members and new addresses at your domain are sent to your identity provider (OpenID Connect or SAML 2.0); new ones join with the default role, never as owner."
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
            <>
              <fieldset className="card sso-protocol">
                <legend>Protocol</legend>
                {(
                  [
                    ['oidc', 'OpenID Connect'],
                    ['saml', 'SAML 2.0'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="settings-checks">
                    <input
                      type="radio"
                      name="sso-protocol"
                      value={value}
                      checked={protocol === value}
                      onChange={() => setChoice(value)}
                    />{' '}
                    {label}
                    {current.data?.protocol === value ? ' (in use)' : ''}
                  </label>
                ))}
              </fieldset>
              {protocol === 'oidc' ? (
                <SsoForm saved={current.data?.protocol === 'oidc' ? current.data : null} />
              ) : (
                <SamlForm saved={current.data ?? null} companyId={me.data?.companyId ?? ''} />
              )}
            </>
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
    <section className="card" aria-label="OpenID Connect provider">
      <p className="muted">Redirect URI to register: {`${window.location.origin}/api/auth/sso/callback`}</p>
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

interface SamlSettings {
  emailDomain: string;
  defaultRole: 'admin' | 'recruiter' | 'reviewer';
  enabled: boolean;
}

/**
 * SAML 2.0: what to give the IdP (our entity id, ACS URL, the SP metadata to download), then the IdP's metadata by
 * URL or as an uploaded file, the domain, the default role and the owner's password.
 */
function SamlForm({ saved, companyId }: { saved: TSsoConnection | null; companyId: string }) {
  const qc = useQueryClient();
  const origin = window.location.origin;
  const spEntityId = saved?.saml?.spEntityId ?? `${origin}/api/auth/saml/${companyId}/metadata`;
  const acsUrl = saved?.saml?.acsUrl ?? `${origin}/api/auth/saml/${companyId}/acs`;
  const [form, setForm] = useState<SamlSettings>({ emailDomain: '', defaultRole: 'recruiter', enabled: true });
  const [source, setSource] = useState<'url' | 'upload'>('url');
  const [metadataUrl, setMetadataUrl] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (!saved) return;
    setForm({ emailDomain: saved.emailDomain, defaultRole: saved.defaultRole, enabled: saved.enabled });
    if (saved.saml?.metadataUrl) setMetadataUrl(saved.saml.metadataUrl);
    if (saved.saml && !saved.saml.metadataUrl) setSource('upload');
  }, [saved]);
  const save = useMutation({
    mutationFn: () =>
      api('/api/companies/sso/saml', {
        method: 'PUT',
        body: {
          ...form,
          currentPassword: password,
          ...(source === 'url' ? { metadataUrl } : { metadataXml: file?.text ?? '' }),
        },
      }),
    onSuccess: async () => {
      setPassword('');
      await qc.invalidateQueries({ queryKey: ['sso'] });
    },
  });
  const passwordError = save.isError ? fieldError(save.error, 'currentPassword') : undefined;
  const idp = saved?.protocol === 'saml' ? saved.saml : null;
  return (
    <section className="card" aria-labelledby="saml-title">
      <h2 id="saml-title">SAML 2.0</h2>
      <h3>1. Give your identity provider these</h3>
      <dl className="sso-record">
        <dt>Entity ID (Audience URI)</dt>
        <dd>
          <code>{spEntityId}</code>
        </dd>
        <dt>ACS URL (Single sign-on URL, Reply URL)</dt>
        <dd>
          <code>{acsUrl}</code>
        </dd>
        <dt>Name ID format</dt>
        <dd>
          <code>EmailAddress</code>, with an <code>email</code> attribute (optional: <code>firstName</code>,{' '}
          <code>lastName</code>)
        </dd>
      </dl>
      <p>
        <a className="btn" href={`/api/auth/saml/${companyId}/metadata`} download="assessly-saml-metadata.xml">
          Download SP metadata
        </a>{' '}
        <span className="muted">Assertions must be signed; requests are not signed.</span>
      </p>
      <h3>2. Your identity provider's metadata</h3>
      {idp && (
        <p className="alert alert-success" role="status">
          In use: {idp.idpEntityId} — sign-on at {idp.idpSsoUrl}, {idp.idpCertCount} signing certificate
          {idp.idpCertCount === 1 ? '' : 's'}.
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <fieldset className="sso-source">
          <legend>Metadata from</legend>
          <label className="settings-checks">
            <input type="radio" name="saml-source" checked={source === 'url'} onChange={() => setSource('url')} /> A URL
          </label>
          <label className="settings-checks">
            <input type="radio" name="saml-source" checked={source === 'upload'} onChange={() => setSource('upload')} />{' '}
            A file I upload
          </label>
        </fieldset>
        {source === 'url' ? (
          <div className="field">
            <label htmlFor="saml-metadata-url">Metadata URL</label>
            <input
              id="saml-metadata-url"
              type="url"
              value={metadataUrl}
              placeholder="https://login.example.com/app/metadata"
              onChange={(e) => setMetadataUrl(e.target.value)}
              required
            />
          </div>
        ) : (
          <div className="field">
            <label htmlFor="saml-metadata-file">Metadata file (XML)</label>
            <input
              id="saml-metadata-file"
              type="file"
              accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
              }}
              required={!idp}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor="saml-domain">Email domain</label>
          <input
            id="saml-domain"
            value={form.emailDomain}
            placeholder="example.com"
            onChange={(e) => setForm({ ...form, emailDomain: e.target.value })}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="saml-role">Default role for new members</label>
          <select
            id="saml-role"
            value={form.defaultRole}
            onChange={(e) => setForm({ ...form, defaultRole: e.target.value as SamlSettings['defaultRole'] })}
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
          <label htmlFor="saml-password">Your password</label>
          <input
            id="saml-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby="saml-password-help"
            required
          />
          <small id="saml-password-help" className="muted">
            {passwordError ?? 'Enter your password again to change how your company signs in.'}
          </small>
        </div>
        {save.isError && (
          <p className="alert alert-error" role="alert">
            {errorText(save.error, 'Could not save.')}
          </p>
        )}
        {save.isSuccess && <p className="alert alert-success">Saved — the metadata was read.</p>}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save SAML settings'}
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
