import {
  COMPANY_SIZES,
  can,
  DESCRIPTION_HARD_MAX,
  INDUSTRIES,
  type TCompanyProfileUpdate,
  type TMyCompany,
} from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { PipelineSection } from './pipeline-section';
import { ReviewerAccessSection } from './reviewer-access-section';
import { FormError } from './settings-form';
import { errorText, SettingsPage } from './settings-nav';

const COMPANY_KEY = ['company', 'me'];

type Form = Record<Exclude<keyof TCompanyProfileUpdate, 'showCandidateScore'>, string> & {
  showCandidateScore: boolean;
};

const EMPTY: Form = {
  companyName: '',
  website: '',
  industry: '',
  companySize: '',
  establishedYear: '',
  description: '',
  linkedinUrl: '',
  showCandidateScore: true,
};

function formOf(c: TMyCompany['company']): Form {
  return {
    companyName: c.name,
    website: c.website ?? '',
    industry: c.industry ?? '',
    companySize: c.companySize ?? '',
    establishedYear: c.establishedYear?.toString() ?? '',
    description: c.description ?? '',
    linkedinUrl: c.linkedinUrl ?? '',
    showCandidateScore: c.showCandidateScore,
  };
}

/**
 * /admin/settings/company (issue 26): the profile that one-step sign-up left for later (website, industry, size,
 * year, description, LinkedIn; addresses typed without https:// are completed by the server) and whether
 * candidates see their score, whether reviewers see hidden cases and model solutions (reviewer-access-section.tsx)
 * and the hiring pipeline's stages (pipeline-section.tsx). Owners and admins edit;
 * other roles read.
 */
export function CompanyPage() {
  const qc = useQueryClient();
  const company = useQuery({
    queryKey: COMPANY_KEY,
    queryFn: () => api<TMyCompany>('/api/companies/me'),
  });
  const [form, setForm] = useState<Form>(EMPTY);
  useEffect(() => {
    if (company.data) setForm(formOf(company.data.company));
  }, [company.data]);
  const save = useMutation({
    mutationFn: () =>
      api<TMyCompany>('/api/companies/me', {
        method: 'PUT',
        body: { ...form, establishedYear: form.establishedYear.trim() || null },
      }),
    onSuccess: (data) => {
      qc.setQueryData(COMPANY_KEY, data);
      setForm(formOf(data.company));
    },
  });
  const editable = can(company.data?.myRole, 'company.manage');
  const fieldError = (key: string) => (save.error instanceof ApiError ? (save.error.fields?.[key] ?? null) : null);
  // An edit after a save clears its "Saved." (the form no longer is what was saved).
  const edit = (next: Form) => {
    if (save.isSuccess) save.reset();
    setForm(next);
  };
  const set = (key: keyof Form) => (e: { target: { value: string } }) => edit({ ...form, [key]: e.target.value });
  const text = (key: Exclude<keyof Form, 'showCandidateScore'>, label: string, props: Record<string, unknown> = {}) => {
    const error = fieldError(key);
    return (
      <div className="field">
        <label htmlFor={`company-${key}`}>{label}</label>
        <input
          id={`company-${key}`}
          value={form[key]}
          onChange={set(key)}
          disabled={!editable}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `company-${key}-error` : undefined}
          {...props}
        />
        {error && (
          <p id={`company-${key}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <SettingsPage
      title="Company"
      intro="Your company's profile, which sign-up left for later, and what candidates see when they finish a test."
    >
      {company.isError && (
        <p className="alert alert-error">{errorText(company.error, 'Could not load your company.')}</p>
      )}
      {company.data && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <section className="card" aria-labelledby="company-profile-title">
            <h2 id="company-profile-title">Profile</h2>
            {text('companyName', 'Company name', { required: true, maxLength: 200, autoComplete: 'organization' })}
            {text('website', 'Website', { inputMode: 'url', placeholder: 'acme.example', autoComplete: 'url' })}
            <div className="field">
              <label htmlFor="company-industry">Industry</label>
              <select id="company-industry" value={form.industry} onChange={set('industry')} disabled={!editable}>
                <option value="">Not given</option>
                {INDUSTRIES.map((i) => (
                  <option key={i} value={i}>
                    {i}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="company-companySize">Company size</label>
              <select
                id="company-companySize"
                value={form.companySize}
                onChange={set('companySize')}
                disabled={!editable}
              >
                <option value="">Not given</option>
                {COMPANY_SIZES.map((s) => (
                  <option key={s} value={s}>
                    {s} people
                  </option>
                ))}
              </select>
            </div>
            {text('establishedYear', 'Year founded', { inputMode: 'numeric', maxLength: 4 })}
            <div className="field">
              <label htmlFor="company-description">Description</label>
              <textarea
                id="company-description"
                rows={4}
                maxLength={DESCRIPTION_HARD_MAX}
                value={form.description}
                onChange={set('description')}
                disabled={!editable}
              />
            </div>
            {text('linkedinUrl', 'LinkedIn company page', {
              inputMode: 'url',
              placeholder: 'linkedin.com/company/acme',
            })}
          </section>
          <section className="card" aria-labelledby="company-results-title">
            <h2 id="company-results-title">Candidates' results</h2>
            <label className="settings-check">
              <input
                type="checkbox"
                checked={form.showCandidateScore}
                onChange={(e) => edit({ ...form, showCandidateScore: e.target.checked })}
                disabled={!editable}
              />{' '}
              Show candidates their score when they finish a test
            </label>
            <p className="muted">
              Off: candidates see that their answers were saved, and which cases their code passed while the test ran,
              but no marks and no total.
            </p>
          </section>
          <FormError error={save.error} fallback="Could not save." />
          {save.isSuccess && (
            <p className="alert alert-success" role="status">
              Saved.
            </p>
          )}
          {editable && (
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              Save company
            </button>
          )}
        </form>
      )}
      {company.data && <ReviewerAccessSection editable={editable} />}
      {company.data && <PipelineSection editable={editable} />}
    </SettingsPage>
  );
}
