import { checkLogoFile, stepOfField } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { ME_KEY, rememberUser } from '../auth/use-auth';
import type { LogoState } from './logo-field';
import { type RegistrationResult, registerCompany } from './owner-api';
import {
  EMPTY_REGISTRATION,
  type RegistrationField,
  type RegistrationForm,
  STEP_TITLES,
  stepResolver,
  toFormData,
} from './registration-form';
import { AdminUserStep, CompanyDetailsStep, CompanyProfileStep } from './registration-steps';
import { RegistrationSuccess } from './registration-success';

const NO_LOGO: LogoState = { file: null, previewUrl: null, error: null };

/** Why a registration call failed, in words; the typed data always stays (the spec's silent failure is a defect). */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 0)
    return 'Could not reach the server. Nothing was lost — please check your connection and try again.';
  if (err instanceof ApiError) return err.message;
  return 'Registration failed. Please try again.';
}

/** The 3-step company registration (spec §2.5, §4, §5) and the step-4 success screen. */
export function RegistrationWizard({ onSignIn }: { onSignIn: () => void }) {
  const qc = useQueryClient();
  const [step, setStep] = useState(1);
  const stepRef = useRef(step);
  stepRef.current = step;
  const [logo, setLogo] = useState<LogoState>(NO_LOGO);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<RegistrationResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const givenEmail = (useSearchParams()[0].get('email') ?? '').slice(0, 254);
  const form = useForm<RegistrationForm>({
    resolver: stepResolver(() => stepRef.current),
    // The work email typed on the home page comes along (?email=) as the company's and the admin's address.
    defaultValues: { ...EMPTY_REGISTRATION, companyEmail: givenEmail, adminEmail: givenEmail },
    reValidateMode: 'onSubmit',
  });

  useEffect(() => () => void (logo.previewUrl && URL.revokeObjectURL(logo.previewUrl)), [logo.previewUrl]);
  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  const firstStep = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change by design
  useEffect(() => {
    if (firstStep.current) firstStep.current = false;
    else heading.current?.focus();
  }, [step]);

  const chooseLogo = (file: File | null) => {
    if (!file) return setLogo(NO_LOGO);
    const error = checkLogoFile(file);
    setLogo(error ? { ...NO_LOGO, error } : { file, previewUrl: URL.createObjectURL(file), error: null });
  };

  const goTo = (n: number) => {
    setFailure(null);
    setStep(Math.min(Math.max(n, 1), 4));
  };

  const submit = async (values: RegistrationForm) => {
    setFailure(null);
    try {
      const res = await registerCompany(toFormData(values, logo.file));
      rememberUser(res.user);
      qc.setQueryData(ME_KEY, res.user);
      setResult(res);
      goTo(4);
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      const names = Object.keys(fields);
      for (const name of names) {
        if (name === 'companyLogo') setLogo((l) => ({ ...l, error: fields[name]! }));
        else if (name in EMPTY_REGISTRATION)
          form.setError(name as RegistrationField, { type: 'server', message: fields[name] });
      }
      setStep(names.length ? Math.min(...names.map(stepOfField)) : 3);
      setFailure(failureMessage(err));
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    // A logo the server refused stays selected until it is replaced or removed.
    if (step === 2 && logo.file && logo.error) return;
    if (step < 3) return goTo(step + 1);
    await submit(values);
  });

  if (step === 4 && result) return <RegistrationSuccess result={result} />;

  const busy = form.formState.isSubmitting && step === 3;
  return (
    <form onSubmit={onSubmit} noValidate className="owner-form" aria-labelledby="reg-step-title">
      <ol className="owner-steps" aria-label="Registration progress">
        {STEP_TITLES.map((title, i) => (
          <li
            key={title}
            className={i + 1 < step ? 'done' : i + 1 === step ? 'current' : ''}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span className="owner-step-num" aria-hidden="true">
              {i + 1 < step ? '✓' : i + 1}
            </span>
            <span className="owner-step-title">{title}</span>
          </li>
        ))}
      </ol>
      <p className="owner-step-count">Step {step} of 3</p>
      <h2 id="reg-step-title" ref={heading} tabIndex={-1}>
        {STEP_TITLES[step - 1]}
      </h2>
      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}

      {step === 1 && <CompanyDetailsStep form={form} />}
      {step === 2 && <CompanyProfileStep form={form} logo={logo} onLogo={chooseLogo} />}
      {step === 3 && <AdminUserStep form={form} />}

      <div className="owner-actions">
        {step > 1 && (
          <button type="button" className="btn btn-outline" onClick={() => goTo(step - 1)} disabled={busy}>
            Previous
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {step < 3 ? 'Continue' : busy ? 'Registering...' : 'Complete Registration'}
        </button>
      </div>
      {step === 1 && (
        <p className="owner-foot">
          Already have an account?{' '}
          <button type="button" className="btn btn-link" onClick={onSignIn}>
            Sign in here
          </button>
        </p>
      )}
    </form>
  );
}
