import { type TRegisterCompany, type TUser, ZRegisterCompany } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { FormField } from '../../app/form-field';
import { PasswordInput } from '../../app/password-input';
import { SubmitButton } from '../../app/submit-button';
import { ApiError, api } from '../../lib/api';
import { ME_KEY, rememberUser } from '../auth/use-auth';
import { registerCompany } from './owner-api';
import { PasswordStrength } from './password-field';

type Field = 'companyName' | 'adminEmail' | 'password' | 'fullName';
type Values = Pick<TRegisterCompany, Field>;

/** Why sign-up failed, in words; what was typed stays in the form. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 0)
    return 'Could not reach the server. Nothing was lost — please check your connection and try again.';
  if (err instanceof ApiError) return err.message;
  return 'Sign-up failed. Please try again.';
}

const resolver = zodResolver(
  ZRegisterCompany.pick({ companyName: true, adminEmail: true, password: true, fullName: true }),
);

/**
 * Company sign-up in one step (issue 26): company name, work email, password (and a name if they like). The
 * company profile is optional and can be filled in later; the new owner is signed in and lands on /admin.
 */
export function CompanySignupForm({ onSignIn }: { onSignIn: () => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The work email typed on the home page comes along as ?email=.
  const givenEmail = (useSearchParams()[0].get('email') ?? '').slice(0, 254);
  const form = useForm<Values>({
    // biome-ignore lint/suspicious/noExplicitAny: the picked schema's input and output types differ (preprocess)
    resolver: resolver as any,
    defaultValues: { companyName: '', adminEmail: givenEmail, password: '', fullName: '' },
    reValidateMode: 'onSubmit',
  });
  const errors = form.formState.errors;
  const bind = (name: Field) => form.register(name, { onChange: () => form.clearErrors(name) });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setNotice(null);
    try {
      // The answer is the same whether or not the address was free (issue 23); signing in tells the person who
      // knows the password, and nobody else.
      const res = await registerCompany(values);
      let user: TUser;
      try {
        user = await api<TUser>('/api/users/login', {
          method: 'POST',
          body: { email: values.adminEmail, password: values.password },
        });
      } catch {
        setNotice(res.message);
        return;
      }
      rememberUser(user);
      qc.setQueryData(ME_KEY, user);
      navigate('/admin', { replace: true });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      for (const [name, message] of Object.entries(fields))
        if (name in form.getValues()) form.setError(name as Field, { type: 'server', message });
      setFailure(failureMessage(err));
    }
  });

  const password = form.watch('password');
  return (
    <form onSubmit={onSubmit} noValidate className="owner-form" aria-labelledby="signup-title">
      <h2 id="signup-title">Create your company account</h2>
      <p className="owner-lead-small">Free, and it takes one step. Your company profile can wait until later.</p>
      <ErrorAlert message={failure} />
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <FormField id="reg-companyName" label="Company name" error={errors.companyName?.message}>
        {(a11y) => (
          <input {...a11y} type="text" autoComplete="organization" placeholder="Acme Inc." {...bind('companyName')} />
        )}
      </FormField>
      <FormField id="reg-adminEmail" label="Work email" error={errors.adminEmail?.message}>
        {(a11y) => (
          <input {...a11y} type="email" autoComplete="email" placeholder="you@company.com" {...bind('adminEmail')} />
        )}
      </FormField>
      <FormField id="reg-password" label="Password" error={errors.password?.message}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            autoComplete="new-password"
            placeholder="8+ characters with upper- and lowercase and a number"
            {...bind('password')}
          />
        )}
      </FormField>
      <PasswordStrength password={password} />
      <FormField id="reg-fullName" label="Your name (optional)" error={errors.fullName?.message}>
        {(a11y) => <input {...a11y} type="text" autoComplete="name" placeholder="Jane Doe" {...bind('fullName')} />}
      </FormField>
      <SubmitButton busy={form.formState.isSubmitting} busyLabel="Creating account..." label="Create company account" />
      <p className="owner-foot">
        Already have an account?{' '}
        <button type="button" className="btn btn-link" onClick={onSignIn}>
          Sign in here
        </button>
      </p>
    </form>
  );
}
