import { ZLogin } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import { FormField } from '../../app/form-field';
import { PasswordInput } from '../../app/password-input';
import { SubmitButton } from '../../app/submit-button';
import { useSignIn } from '../auth/use-auth';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

/**
 * The owner sign-in (spec §2.5, §5) as a real sign-in (docs/DECISIONS.md §4): POST /api/users/login, then employers
 * land on /admin and anyone else on /. Google/LinkedIn stay hidden until they work.
 */
export function OwnerSignInForm({ onCreateAccount }: { onCreateAccount: () => void }) {
  const signIn = useSignIn();
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, formState, clearErrors } = useForm({
    resolver: zodResolver(ZLogin),
    // Errors clear when the field is edited (spec §5); they come back only on the next submit.
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const errors = formState.errors;
  const edited = (name: 'email' | 'password') => ({
    onChange: () => {
      clearErrors(name);
      setFailed(false);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      await signIn(values, null);
    } catch {
      setFailed(true);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="owner-form">
      <h2>Sign in to your company account</h2>
      <ErrorAlert message={failed ? LOGIN_FAILED : null} />
      <FormField id="owner-email" label="Email" error={errors.email?.message}>
        {(a11y) => (
          <input
            {...a11y}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...register('email', edited('email'))}
          />
        )}
      </FormField>
      <FormField id="owner-password" label="Password" error={errors.password?.message}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            autoComplete="current-password"
            placeholder="Enter your password"
            {...register('password', edited('password'))}
          />
        )}
      </FormField>
      <div className="owner-row">
        <label className="owner-check">
          <input type="checkbox" {...register('rememberMe')} /> Remember me
        </label>
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <SubmitButton busy={busy} busyLabel="Signing In..." label="Sign In" />
      <p className="owner-foot">
        Don't have an account?{' '}
        <button type="button" className="btn btn-link" onClick={onCreateAccount}>
          Create an account
        </button>
      </p>
    </form>
  );
}
