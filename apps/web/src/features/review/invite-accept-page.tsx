/** /invite/:token: the personal link from an invitation email. Signs the candidate in (or up), then opens the test. */
import type { TInviteLanding } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { CandidateIntl, useT } from '../../i18n/candidate-intl';
import { LanguageSwitcher } from '../../i18n/language-switcher';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../auth/use-auth';
import { InviteSignupForm } from './invite-signup-form';
import { SystemCheck } from './system-check';
import './review.css';

export function InviteAcceptPage() {
  const { token = '' } = useParams();
  const me = useMe();
  const q = useQuery({
    queryKey: ['invite', token],
    queryFn: () => api<TInviteLanding>(`/api/invitations/accept/${encodeURIComponent(token)}`),
    retry: false,
  });
  if (q.isPending || me.isPending) return <PageSpinner label="Opening your invitation..." />;
  if (q.isError) {
    return (
      <main className="container narrow center-text rv-page" role="alert">
        <h1>Invitation not found</h1>
        <p className="error-text">{q.error.message}</p>
        <Link to="/" className="btn btn-outline">
          Go home
        </Link>
      </main>
    );
  }
  const inv = q.data;
  const user = me.data;
  if (user && user.role === 'candidate' && user.email.toLowerCase() === inv.email.toLowerCase()) {
    return <Navigate to={inv.takePath} replace />;
  }
  return (
    <CandidateIntl defaultLocale={inv.defaultLocale}>
      <Invitation inv={inv} token={token} user={user ?? null} />
    </CandidateIntl>
  );
}

/** The join page in the test's language (issue 46); the sign-up form and the system check stay English. */
function Invitation({
  inv,
  token,
  user,
}: {
  inv: TInviteLanding;
  token: string;
  user: { email: string; role: string } | null;
}) {
  const { t, rich, locale, intl } = useT();
  const here = `/invite/${token}`;
  const b = (c: ReactNode[]) => <strong>{c}</strong>;
  const when = (iso: string) =>
    locale === 'en' ? formatDateTime(iso) : intl.formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const facts: [string, string][] = [
    [t('join.test'), t(inv.testType === 'CODING' ? 'join.testCoding' : 'join.testAptitude', { name: inv.testName })],
    ...(inv.duration ? ([[t('join.time'), t('join.minutes', { n: inv.duration })]] as [string, string][]) : []),
    ...(inv.questionCount
      ? ([
          [t(inv.testType === 'CODING' ? 'top.problems' : 'start.questions'), intl.formatNumber(inv.questionCount)],
        ] as [string, string][])
      : []),
    ...(inv.languages?.length ? ([[t('join.languages'), inv.languages.join(', ')]] as [string, string][]) : []),
    ...(inv.endTime ? ([[t('join.openUntil'), when(inv.endTime)]] as [string, string][]) : []),
    [t('join.webcam'), t(inv.proctored ? 'join.webcamRequired' : 'join.webcamNotUsed')],
  ];
  return (
    <main className="container narrow rv-page">
      <div className="card">
        <div className="language-switcher-bar">
          <LanguageSwitcher />
        </div>
        <h1>{t('join.title')}</h1>
        <p>{rich('join.invites', { b, company: inv.companyName, email: inv.email, test: inv.testName })}</p>
        <dl className="invite-facts">
          {facts.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        <SystemCheck proctored={inv.proctored ?? false} />
        {user ? (
          <>
            <p className="alert alert-info">
              {t(user.role !== 'candidate' ? 'join.signedInEmployer' : 'join.signedIn', {
                user: user.email,
                email: inv.email,
              })}
            </p>
            <Link to={inv.takePath} className="btn btn-primary">
              {t('join.continue')}
            </Link>
          </>
        ) : (
          <>
            <InviteSignupForm token={token} email={inv.email} next={inv.takePath} />
            <p>
              {t('join.haveAccount', { email: inv.email })}{' '}
              <Link to={`/login?next=${encodeURIComponent(here)}`}>{t('join.signIn')}</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
