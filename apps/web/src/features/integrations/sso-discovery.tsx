import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks the server whether this email's domain signs in through its company's identity provider. */
export async function findSsoStart(email: string): Promise<string | null> {
  if (!EMAIL.test(email)) return null;
  try {
    const r = await api<{ sso: boolean; startUrl?: string }>(
      `/api/auth/sso/discover?email=${encodeURIComponent(email.trim())}`,
    );
    return r.sso && r.startUrl ? r.startUrl : null;
  } catch {
    return null;
  }
}

/**
 * On the sign-in page: when the typed email belongs to a company with single sign-on, offers (and on
 * "Sign in" the page follows) the redirect to the company's provider instead of a password.
 */
export function SsoDiscovery({ email }: { email: string }) {
  const [startUrl, setStartUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      findSsoStart(email).then((url) => live && setStartUrl(url));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [email]);
  if (!startUrl) return null;
  return (
    <div className="alert alert-info" role="status">
      <p>Your company signs in with single sign-on.</p>
      <a className="btn btn-primary btn-block" href={startUrl}>
        Continue with single sign-on
      </a>
    </div>
  );
}
