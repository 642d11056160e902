import type { TPolicyAction } from '@assessly/shared';
import { type ReactElement, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useMe, useSignOut } from '../auth/use-auth';
import { useCan } from '../auth/use-can';
import { VerifyEmailBanner } from '../owner/verify-banner';
import './admin.css';

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

/** Each link with the action it needs: a role sees only the pages it can use (issue 26). */
const LINKS: { to: string; label: string; icon: ReactElement; end: boolean; needs?: TPolicyAction }[] = [
  { to: '/admin', label: 'Dashboard', icon: icon('M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z'), end: true },
  { to: '/admin/tests', label: 'Tests', icon: icon('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01'), end: true },
  { to: '/admin/tests/create', label: 'Create Test', icon: icon('M12 5v14M5 12h14'), end: true, needs: 'tests.author' },
  {
    to: '/admin/library',
    label: 'Library',
    icon: icon('M4 19.5A2.5 2.5 0 0 1 6.5 17H20M4 4.5A2.5 2.5 0 0 1 6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5z'),
    end: true,
    needs: 'tests.author',
  },
  {
    to: '/admin/candidates',
    label: 'Candidates',
    icon: icon('M16 21v-2a4 4 0 0 0-8 0v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'),
    end: true,
  },
  {
    to: '/admin/submission',
    label: 'Submissions',
    icon: icon('M9 11l3 3L22 4M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11'),
    end: true,
  },
  {
    to: '/admin/interviews',
    label: 'Interviews',
    icon: icon('M23 7l-7 5 7 5V7zM1 5h15v14H1z'),
    end: false,
  },
  // Built by the owner and review features (their own routes), listed here so employers can find them.
  {
    to: '/admin/team',
    label: 'Team',

    icon: icon(
      'M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75',
    ),
    end: true,
  },
  {
    to: '/admin/templates',
    label: 'Email templates',
    icon: icon('M4 4h16v16H4zM4 6l8 7 8-7'),
    end: true,
    needs: 'templates.edit',
  },
  // Integrations and data governance (features/integrations): tokens, webhooks, audit log, retention, API docs.
  {
    to: '/admin/settings',
    label: 'Settings',
    icon: icon(
      'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
    ),
    end: false,
    needs: 'company.manage',
  },
];

/** The admin area's frame: a collapsible sidebar and the page. */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem('adminSidebarCollapsed') === '1');
  const me = useMe();
  const may = useCan();
  const signOut = useSignOut();
  const toggle = () => {
    setCollapsed((c) => {
      localStorage.setItem('adminSidebarCollapsed', c ? '0' : '1');
      return !c;
    });
  };
  return (
    <div className={`admin-shell${collapsed ? ' collapsed' : ''}`}>
      <aside className="admin-sidebar" aria-label="Admin navigation">
        <div className="admin-brand">
          <a href="/" className="brand" aria-label="Assessly home">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {!collapsed && <span>Assessly</span>}
          </a>
          <button
            type="button"
            className="admin-collapse"
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            {collapsed ? '»' : '«'}
          </button>
        </div>
        <nav>
          <ul className="admin-nav">
            {LINKS.filter((l) => !l.needs || may(l.needs)).map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.end}
                  className={({ isActive }) => `admin-nav-link${isActive ? ' active' : ''}`}
                  title={l.label}
                >
                  <span className="admin-nav-icon" aria-hidden="true">
                    {l.icon}
                  </span>
                  <span className={collapsed ? 'sr-only' : ''}>{l.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-user">
          {!collapsed && (
            <span className="admin-user-email" title={me.data?.email}>
              {me.data?.email}
            </span>
          )}
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => signOut().then(() => window.location.assign('/'))}
            aria-label={collapsed ? 'Logout' : undefined}
            title={collapsed ? 'Logout' : undefined}
          >
            {collapsed ? '⎋' : 'Logout'}
          </button>
        </div>
      </aside>
      <div className="admin-main">
        <VerifyEmailBanner />
        <Outlet />
      </div>
    </div>
  );
}
