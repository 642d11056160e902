/** The registration wizard's form values, step schemas and resolver (the schemas are the server's too). */
import { REGISTRATION_STEPS } from '@assessly/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the inputs hold: text as typed (the year too), terms as a checkbox. */
export interface RegistrationForm {
  companyName: string;
  companyEmail: string;
  website: string;
  industry: string;
  companySize: string;
  establishedYear: string;
  description: string;
  linkedinUrl: string;
  fullName: string;
  designation: string;
  adminEmail: string;
  password: string;
  agreeToTerms: boolean;
}

export type RegistrationField = keyof RegistrationForm;

export const EMPTY_REGISTRATION: RegistrationForm = {
  companyName: '',
  companyEmail: '',
  website: '',
  industry: '',
  companySize: '',
  establishedYear: '',
  description: '',
  linkedinUrl: '',
  fullName: '',
  designation: '',
  adminEmail: '',
  password: '',
  agreeToTerms: false,
};

export const STEP_TITLES = ['Company Details', 'Company Profile', 'Admin User Details'] as const;

/** Validates only the fields of the current step (1..3) with the shared schema of that step. */
export function stepResolver(currentStep: () => number): Resolver<RegistrationForm> {
  return async (values) => {
    const schema = REGISTRATION_STEPS[Math.min(Math.max(currentStep(), 1), 3) - 1]!;
    const result = schema.safeParse(values);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '_');
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<RegistrationForm> };
  };
}

/** The multipart body of POST /api/register-company. */
export function toFormData(values: RegistrationForm, logo: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, String(value));
  if (logo) form.append('companyLogo', logo, logo.name);
  return form;
}
