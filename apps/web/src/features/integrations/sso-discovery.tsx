import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api';

/** Fixed messages for the reason codes the SSO callback sends back (never text from the link itself). */
const SSO_ERRORS: Record<string, string> = {
  expired: 'That single sign-on attempt expired. Please try again.',
  unverified: 'Your identity provider has not verified your email address.',
  wrong_domain: "Your provider's account is not at your company's email domain.",
  outside_company: 'This email already has an account outside your company. Sign in with your password.',
  not_configured: 'Single sign-on is no longer set up for your company.',
  refused: 'Your identity provider did not sign you in.',
  link_required:
    'This email already has an account. Sign in with your password, then link single sign-on under Settings → Single sign-on.',
  linked_elsewhere: 'That provider account is already linked to another Assessly account.',
  email_mismatch:
    "That provider account's email is not your account's: sign in at the provider as yourself and link again.",
  browser: 'That sign-in was started in another browser or tab. Please start again here.',
  replayed: 'That sign-in answer was already used. Please start again.',
  recipient: 'Your identity provider sent the sign-in to another address: check the ACS URL it has for Assessly.',
  no_email: 'Your identity provider did not share your email address.',
  failed: 'Single sign-on failed. Please try again.',
};

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
 * On the sign-in page: when the typed email's domain has a company with single sign-on, offers the company's
 * provider beside the password form (members of the company and new addresses are signed in through it).
 */
export function SsoDiscovery({ email }: { email: string }) {
  const [params] = useSearchParams();
  const failure = params.get('ssoError');
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
  return (
    <>
      {failure && (
        <div className="alert alert-error" role="alert">
          {SSO_ERRORS[failure] ?? SSO_ERRORS.failed}
        </div>
      )}
      {startUrl && <SsoButton startUrl={startUrl} />}
    </>
  );
}

function SsoButton({ startUrl }: { startUrl: string }) {
  return (
    <div className="alert alert-info" role="status">
      <p>Your company's email domain signs in with single sign-on. Candidates use their password.</p>
      <a className="btn btn-primary btn-block" href={startUrl}>
        Continue with single sign-on
      </a>
    </div>
  );
}
