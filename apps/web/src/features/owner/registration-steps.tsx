import { COMPANY_SIZES, currentYear, DESCRIPTION_COUNTER_MAX, INDUSTRIES } from '@assessly/shared';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { PasswordInput } from '../../app/password-input';
import { LogoField, type LogoState } from './logo-field';
import { PasswordStrength } from './password-field';
import type { RegistrationField, RegistrationForm } from './registration-form';

export interface StepProps {
  form: UseFormReturn<RegistrationForm>;
}

/** One labelled field with its error tied to the input (aria-describedby). */
function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** register() plus: an edit clears that field's error; aria wiring for the error text. */
function useBind({ form }: StepProps) {
  const errors = form.formState.errors;
  return (name: RegistrationField) => ({
    id: `reg-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `reg-${name}-error` : undefined,
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
  });
}

export function CompanyDetailsStep(props: StepProps) {
  const bind = useBind(props);
  const e = props.form.formState.errors;
  return (
    <>
      <Field id="reg-companyName" label="Company Name" error={e.companyName?.message}>
        <input type="text" autoComplete="organization" placeholder="Acme Inc." {...bind('companyName')} />
      </Field>
      <div className="grid-2">
        <Field id="reg-companyEmail" label="Company Email" error={e.companyEmail?.message}>
          <input type="email" autoComplete="email" placeholder="contact@company.com" {...bind('companyEmail')} />
        </Field>
        <Field id="reg-website" label="Website" error={e.website?.message}>
          <input type="url" placeholder="https://www.company.com" {...bind('website')} />
        </Field>
      </div>
      <div className="grid-2">
        <Field id="reg-industry" label="Industry" error={e.industry?.message}>
          <select {...bind('industry')}>
            <option value="">Select industry</option>
            {INDUSTRIES.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </select>
        </Field>
        <Field id="reg-companySize" label="Company Size" error={e.companySize?.message}>
          <select {...bind('companySize')}>
            <option value="">Select company size</option>
            {COMPANY_SIZES.map((s) => (
              <option key={s} value={s}>
                {s} employees
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="reg-establishedYear" label="Established Year" error={e.establishedYear?.message}>
        <input
          type="number"
          inputMode="numeric"
          min={1800}
          max={currentYear()}
          placeholder="e.g. 2015"
          {...bind('establishedYear')}
        />
      </Field>
    </>
  );
}

export function CompanyProfileStep(props: StepProps & { logo: LogoState; onLogo: (file: File | null) => void }) {
  const bind = useBind(props);
  const e = props.form.formState.errors;
  const description = props.form.watch('description') ?? '';
  return (
    <>
      <Field
        id="reg-description"
        label="Company Description"
        error={e.description?.message}
        hint={
          <span className="field-hint owner-counter" aria-live="polite">
            {description.length}/{DESCRIPTION_COUNTER_MAX}
          </span>
        }
      >
        <textarea
          rows={5}
          placeholder="Tell candidates what your company does (at least 50 characters)"
          {...bind('description')}
        />
      </Field>
      <Field id="reg-linkedinUrl" label="LinkedIn URL (optional)" error={e.linkedinUrl?.message}>
        <input type="url" placeholder="https://www.linkedin.com/company/your-company" {...bind('linkedinUrl')} />
      </Field>
      <LogoField logo={props.logo} onChange={props.onLogo} />
    </>
  );
}

export function AdminUserStep(props: StepProps) {
  const bind = useBind(props);
  const e = props.form.formState.errors;
  const password = props.form.watch('password') ?? '';
  return (
    <>
      <div className="grid-2">
        <Field id="reg-fullName" label="Full Name" error={e.fullName?.message}>
          <input type="text" autoComplete="name" placeholder="Jane Doe" {...bind('fullName')} />
        </Field>
        <Field id="reg-designation" label="Designation" error={e.designation?.message}>
          <input type="text" autoComplete="organization-title" placeholder="HR Manager" {...bind('designation')} />
        </Field>
      </div>
      <Field id="reg-adminEmail" label="Email Address" error={e.adminEmail?.message}>
        <input type="email" autoComplete="email" placeholder="you@company.com" {...bind('adminEmail')} />
      </Field>
      <Field
        id="reg-password"
        label="Password"
        error={e.password?.message}
        hint={<PasswordStrength password={password} />}
      >
        <PasswordInput autoComplete="new-password" placeholder="At least 8 characters" {...bind('password')} />
      </Field>
      <div className="field">
        <label className="owner-check" htmlFor="reg-agreeToTerms">
          <input type="checkbox" {...bind('agreeToTerms')} />
          <span>
            I agree to the <a href="/about">Terms of Service</a> and <a href="/about">Privacy Policy</a>
          </span>
        </label>
        {e.agreeToTerms && (
          <span id="reg-agreeToTerms-error" className="field-error">
            {e.agreeToTerms.message}
          </span>
        )}
      </div>
    </>
  );
}
