import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useMe, useSignOut } from '../features/auth/use-auth';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/owner', label: 'Why Us?' },
];

export function Navbar() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const user = me.data;
  // Escape closes the open mobile menu and puts focus back on its toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <header className="navbar">
      <nav className="container navbar-inner" aria-label="Main">
        <Link to="/" className="brand" onClick={() => setOpen(false)}>
          <img src="/favicon.svg" alt="" width={28} height={28} /> Assessly
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="navbar-toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        </button>
        <div id="main-menu" className={`navbar-menu${open ? ' open' : ''}`}>
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className="nav-link" onClick={() => setOpen(false)}>
              {l.label}
            </NavLink>
          ))}
          {user?.role === 'employer' && (
            <NavLink to="/admin" className="nav-link" onClick={() => setOpen(false)}>
              Dashboard
            </NavLink>
          )}
          {user ? (
            <>
              <NavLink to="/profile" className="nav-link nav-email" onClick={() => setOpen(false)}>
                {user.email}
              </NavLink>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={async () => {
                  setOpen(false);
                  await signOut();
                  navigate('/');
                }}
              >
                Logout
              </button>
            </>
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm" onClick={() => setOpen(false)}>
              Login / Sign Up
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
