import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../app/form-field';

/** The card every sign-in, sign-up and password page sits in: the logo, the title and the lead line, then the page. */
export function AuthCard({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className={wide ? 'card auth-card wide' : 'card auth-card'}>
        <div className="auth-head">
          <img src="/favicon.svg" alt="" />
          <h1>{title}</h1>
          <p>{lead}</p>
        </div>
        {children}
      </div>
    </main>
  );
}

/** The required email field of the sign-in and forgot-password forms. */
export function EmailField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label="Email" error={error}>
      {(a11y) => (
        <input {...a11y} type="email" autoComplete="email" placeholder="you@example.com" required {...registration} />
      )}
    </FormField>
  );
}
