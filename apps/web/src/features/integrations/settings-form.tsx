/** Form pieces shared by the settings pages: a create form whose result is a secret shown once, checkboxes. */
import type { ReactNode } from 'react';
import { errorText } from './settings-nav';

/**
 * A card with a create form (fields, the failure as an alert, the submit button) and, once created, the secret
 * the server returns only this once. Submitting clears the last secret first.
 */
export function SecretForm({
  id,
  title,
  submitLabel,
  mutation,
  errorFallback,
  secret,
  secretNotice,
  onClearSecret,
  children,
}: {
  id: string;
  title: string;
  submitLabel: string;
  /** The create mutation: run on submit; its pending state and error show here. */
  mutation: { mutate: () => void; isPending: boolean; error: unknown };
  errorFallback: string;
  secret: string | null;
  secretNotice: string;
  onClearSecret: () => void;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onClearSecret();
          mutation.mutate();
        }}
      >
        {children}
        <FormError error={mutation.error} fallback={errorFallback} />
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {submitLabel}
        </button>
      </form>
      <SecretOnce secret={secret} notice={secretNotice} />
    </section>
  );
}

/** A fieldset of checkboxes, one per option; `selected` holds the checked options. */
export function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: readonly string[];
  selected: string[];
  onChange: (next: string[]) => void;
}) {
  const toggle = (o: string) => onChange(selected.includes(o) ? selected.filter((x) => x !== o) : [...selected, o]);
  return (
    <fieldset className="settings-checks">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o}>
          <input type="checkbox" checked={selected.includes(o)} onChange={() => toggle(o)} /> {o}
        </label>
      ))}
    </fieldset>
  );
}

/** The failure of a form's action, announced (role alert); nothing while `error` is null. */
export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p className="alert alert-error" role="alert">
      {errorText(error, fallback)}
    </p>
  );
}

/** A secret the server returns once (token, signing secret), with the sentence telling to copy it now. */
export function SecretOnce({ secret, notice }: { secret: string | null; notice: string }) {
  if (!secret) return null;
  return (
    <div className="alert alert-success" role="status">
      <p>{notice}</p>
      <code className="settings-secret">{secret}</code>
    </div>
  );
}
