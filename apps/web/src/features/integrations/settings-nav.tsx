import { NavLink } from 'react-router-dom';
import { useMe } from '../auth/use-auth';
import './integrations.css';

const TABS = [
  { to: '/admin/settings/company', label: 'Company' },
  { to: '/admin/settings/api-tokens', label: 'API tokens' },
  { to: '/admin/settings/webhooks', label: 'Webhooks' },
  { to: '/admin/settings/sso', label: 'Single sign-on' },
  { to: '/admin/settings/scim', label: 'SCIM provisioning' },
  { to: '/admin/settings/ats', label: 'ATS' },
  { to: '/admin/settings/audit', label: 'Audit log' },
  { to: '/admin/settings/data', label: 'Data & retention' },
  { to: '/admin/api', label: 'API reference' },
];

/** The tabs of the company settings pages (integrations and data governance). */
export function SettingsNav() {
  return (
    <nav className="settings-tabs" aria-label="Company settings">
      {TABS.map((t) => (
        <NavLink key={t.to} to={t.to} className={({ isActive }) => `settings-tab${isActive ? ' active' : ''}`}>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** A page of the settings area: title, tabs, content. */
export function SettingsPage({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  const me = useMe();
  const role = me.data?.companyRole;
  const manager = role === 'owner' || role === 'admin';
  return (
    <main className="container settings-page">
      <h1>{title}</h1>
      <SettingsNav />
      <p className="muted">{intro}</p>
      {me.data && !manager && (
        <p className="alert alert-info" role="status">
          These settings are managed by your company's owners and admins{role ? ` (your role is ${role})` : ''}.
        </p>
      )}
      {children}
    </main>
  );
}

export function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
