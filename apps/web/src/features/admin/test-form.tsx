import {
  CANDIDATE_LOCALES,
  CODE_LANGUAGES,
  LANGUAGE_META,
  LOCALE_META,
  type TCandidateLocale,
  TEST_DEFAULTS,
  type TTestType,
  ZTestCreate,
} from '@assessly/shared';
import type { FormEventHandler, ReactNode } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../app/alert';
import type { ApiError } from '../../lib/api';
import { fromLocalInput } from './admin-helpers';

export interface TestFormValues {
  testName: string;
  testType: TTestType;
  description: string;
  duration: number | string;
  totalMarks: number | string;
  passingMarks: number | string;
  startTime: string;
  endTime: string;
  /** Camera proctoring (issue 17): the type's default (coding on, aptitude off), or explicitly on/off. */
  proctoring: 'default' | 'on' | 'off';
  /** The languages candidates may use (issue 24): every one ticked = all, stored as "all" (null). */
  languages: string[];
  /** A paste from outside the code editor (issue 29). */
  pastePolicy: 'allow' | 'record' | 'block';
  /** Issue 23: invited candidates only, or anyone signed in with the link (until the optional expiry). */
  access: 'invited' | 'link';
  linkExpiresAt: string;
  /** Issue 46: the language of the candidate's pages and emails (the candidate may switch on the page). */
  defaultLocale: TCandidateLocale;
}

/** What the API takes from the form (window times as ISO, numbers as numbers). */
export function toTestPayload(v: TestFormValues) {
  return {
    testName: v.testName,
    testType: v.testType,
    description: v.description,
    duration: Number(v.duration),
    totalMarks: Number(v.totalMarks),
    passingMarks: Number(v.passingMarks),
    startTime: fromLocalInput(v.startTime),
    endTime: fromLocalInput(v.endTime),
    proctoring: v.proctoring === 'default' ? null : v.proctoring === 'on',
    languages: CODE_LANGUAGES.every((l) => v.languages.includes(l)) ? null : v.languages,
    pastePolicy: v.pastePolicy,
    access: v.access,
    linkExpiresAt: v.access === 'link' ? fromLocalInput(v.linkExpiresAt) : null,
    defaultLocale: v.defaultLocale,
  };
}

export const EMPTY_TEST_FORM: TestFormValues = {
  testName: '',
  testType: TEST_DEFAULTS.testType,
  description: '',
  duration: TEST_DEFAULTS.duration,
  totalMarks: TEST_DEFAULTS.totalMarks,
  passingMarks: TEST_DEFAULTS.passingMarks,
  startTime: '',
  endTime: '',
  proctoring: 'default',
  languages: [...CODE_LANGUAGES],
  pastePolicy: 'record',
  access: 'invited',
  linkExpiresAt: '',
  defaultLocale: 'en',
};

const NUMBER_LABELS = { duration: 'Duration', totalMarks: 'Total marks', passingMarks: 'Passing marks' } as const;

/** The browser checks the same schema as the server (window times once turned into ISO). */
const resolver: Resolver<TestFormValues> = async (values) => {
  const errors: FieldErrors<TestFormValues> = {};
  for (const [k, label] of Object.entries(NUMBER_LABELS) as [keyof typeof NUMBER_LABELS, string][]) {
    if (String(values[k]).trim() === '') errors[k] = { type: 'required', message: `${label} is required` };
  }
  const r = ZTestCreate.safeParse(toTestPayload(values));
  if (!r.success) {
    for (const issue of r.error.issues) {
      const k = issue.path[0] as keyof TestFormValues | undefined;
      if (k && !errors[k]) errors[k] = { type: 'validate', message: issue.message };
    }
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** The create/edit test form's state, validated with the shared schema (spec §5 rules and messages). */
export function useTestForm(defaultValues: TestFormValues) {
  return useForm<TestFormValues>({ defaultValues, resolver });
}

/** Server field errors (400 VALIDATION) shown under the matching inputs. */
export function applyServerErrors(form: ReturnType<typeof useTestForm>, err: ApiError): boolean {
  if (!err.fields) return false;
  let any = false;
  for (const [field, message] of Object.entries(err.fields)) {
    if (field in EMPTY_TEST_FORM) {
      form.setError(field as keyof TestFormValues, { type: 'server', message });
      any = true;
    }
  }
  return any;
}

/** The fields shared by Create Test and Edit Test. `typeAs` picks a select (create) or radios (edit). */
export function TestFormFields({
  form,
  typeAs,
  idPrefix,
  totalIsSum = false,
}: {
  form: ReturnType<typeof useTestForm>;
  typeAs: 'select' | 'radio';
  idPrefix: string;
  /** The test holds questions: its total is their marks' sum (issue 46), shown, not typed. */
  totalIsSum?: boolean;
}) {
  const { register, formState, watch } = form;
  const e = formState.errors;
  const access = watch('access');
  const id = (n: string) => `${idPrefix}-${n}`;
  const invalid = (n: keyof TestFormValues) =>
    e[n] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${n}-error`) } : {};
  const err = (n: keyof TestFormValues) =>
    e[n]?.message ? (
      <span className="field-error" id={id(`${n}-error`)}>
        {String(e[n]?.message)}
      </span>
    ) : null;
  return (
    <>
      <div className="field">
        <label htmlFor={id('testName')}>Test Name</label>
        <input
          id={id('testName')}
          placeholder="e.g. Backend Developer Screening"
          {...register('testName')}
          {...invalid('testName')}
        />
        {err('testName')}
      </div>
      {typeAs === 'select' ? (
        <div className="field">
          <label htmlFor={id('testType')}>Test Type</label>
          <select id={id('testType')} {...register('testType')}>
            <option value="APTITUDE">Aptitude</option>
            <option value="CODING">Coding</option>
          </select>
        </div>
      ) : (
        <fieldset className="field" style={{ border: 0, padding: 0 }}>
          <legend className="label">Test Type</legend>
          <div className="radio-row">
            <label>
              <input type="radio" value="APTITUDE" {...register('testType')} /> Aptitude
            </label>
            <label>
              <input type="radio" value="CODING" {...register('testType')} /> Coding
            </label>
          </div>
          {err('testType')}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={id('description')}>Description</label>
        <textarea id={id('description')} rows={3} {...register('description')} />
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={id('duration')}>Duration (minutes)</label>
          <input id={id('duration')} type="number" min={1} {...register('duration')} {...invalid('duration')} />
          {err('duration')}
        </div>
        <div className="field">
          <label htmlFor={id('totalMarks')}>Total Marks</label>
          <input
            id={id('totalMarks')}
            type="number"
            min={1}
            readOnly={totalIsSum}
            aria-describedby={id('totalMarks-hint')}
            {...register('totalMarks')}
            {...invalid('totalMarks')}
          />
          <span className="field-hint" id={id('totalMarks-hint')}>
            {totalIsSum
              ? "The sum of the questions' marks: it follows them as they change."
              : 'Once the test has questions, the total becomes the sum of their marks.'}
          </span>
          {err('totalMarks')}
        </div>
        <div className="field">
          <label htmlFor={id('passingMarks')}>Passing Marks</label>
          <input
            id={id('passingMarks')}
            type="number"
            min={1}
            {...register('passingMarks')}
            {...invalid('passingMarks')}
          />
          {err('passingMarks')}
        </div>
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={id('startTime')}>Available From (optional)</label>
          <input id={id('startTime')} type="datetime-local" {...register('startTime')} {...invalid('startTime')} />
          {err('startTime')}
        </div>
        <div className="field">
          <label htmlFor={id('endTime')}>Available Until (optional)</label>
          <input id={id('endTime')} type="datetime-local" {...register('endTime')} {...invalid('endTime')} />
          {err('endTime')}
        </div>
      </div>
      <p className="field-hint" style={{ marginTop: '-0.5rem' }}>
        Candidates can start the test only inside this window; each candidate has the duration above, ending no later
        than the window's end.
      </p>
      <div className="field">
        <label htmlFor={id('proctoring')}>Camera proctoring</label>
        <select id={id('proctoring')} {...register('proctoring')}>
          <option value="default">Default for the test type (on for coding tests, off for aptitude)</option>
          <option value="on">On: candidates enrol their face before the timer starts</option>
          <option value="off">Off: no camera step; reviewers see "Not proctored"</option>
        </select>
        <span className="field-hint">
          With proctoring on, the candidate's device checks the camera during the test and the server verifies the
          candidate's face at random times: first within two minutes of the start, then every 30–50 s, spaced out while
          every check is clean but never more than about two minutes apart, and within seconds after any flag. Flags are
          evidence for a reviewer, never a verdict.
        </span>
      </div>
      <fieldset className="field" style={{ border: 0, padding: 0 }} {...invalid('languages')}>
        <legend className="label">Languages candidates may use (coding tests)</legend>
        <div className="radio-row" style={{ flexWrap: 'wrap' }}>
          {CODE_LANGUAGES.map((l) => (
            <label key={l}>
              <input type="checkbox" value={l} {...register('languages')} /> {LANGUAGE_META[l].label}
              {LANGUAGE_META[l].slowCompile ? ' (slow to compile)' : ''}
            </label>
          ))}
        </div>
        {err('languages')}
      </fieldset>
      <div className="field">
        <label htmlFor={id('pastePolicy')}>Pasting from outside the code editor</label>
        <select id={id('pastePolicy')} {...register('pastePolicy')}>
          <option value="record">Record: allowed, and large pastes appear in the integrity report</option>
          <option value="allow">Allow: not reported</option>
          <option value="block">
            Block: the candidate sees a message; copy and paste inside the editor still work
          </option>
        </select>
        <span className="field-hint">
          Coding tests record every change to the editor so reviewers can replay how the code was written.
        </span>
      </div>
      <div className="field">
        <label htmlFor={id('defaultLocale')}>Candidate language</label>
        <select id={id('defaultLocale')} aria-describedby={id('defaultLocale-hint')} {...register('defaultLocale')}>
          {CANDIDATE_LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_META[l].english}
              {l === 'en' ? '' : ` (${LOCALE_META[l].label})`}
            </option>
          ))}
        </select>
        <span className="field-hint" id={id('defaultLocale-hint')}>
          The language of the candidate's pages (start, guidelines, test, results, proctoring messages) and of the
          default invitation, reminder and result emails. Candidates can switch language on the page. Your problem
          statements, questions and own email templates are shown as you wrote them.
        </span>
      </div>
      <div className="field">
        <label htmlFor={id('access')}>Who may take it</label>
        <select id={id('access')} aria-describedby={id('access-hint')} {...register('access')}>
          <option value="invited">Invited candidates only</option>
          <option value="link">Anyone signed in who has the link</option>
        </select>
        <span className="field-hint" id={id('access-hint')}>
          Invited only: a candidate starts after verifying the email address you invited. With the link, anyone who
          signs in and has it can take the test.
        </span>
      </div>
      {access === 'link' && (
        <div className="field">
          <label htmlFor={id('linkExpiresAt')}>Link expires (optional)</label>
          <input
            id={id('linkExpiresAt')}
            type="datetime-local"
            {...register('linkExpiresAt')}
            {...invalid('linkExpiresAt')}
          />
          {err('linkExpiresAt')}
        </div>
      )}
    </>
  );
}

/** The create and edit test form: the error, the fields (children), then submit and Cancel back to the tests. */
export function TestFormCard({
  onSubmit,
  error,
  busy,
  busyLabel,
  label,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  busy: boolean;
  busyLabel: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <form className="card" style={{ maxWidth: 760 }} onSubmit={onSubmit} noValidate>
      <ErrorAlert message={error} />
      {children}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
        <Link to="/admin/tests" className="btn btn-outline">
          Cancel
        </Link>
      </div>
    </form>
  );
}
