import type { ReactNode } from 'react';

/** What a field's control spreads: its id and the error wiring (aria-invalid, aria-describedby). */
export interface FieldA11y {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A form field: the label tied to the control, and the error text (id `${id}-error`) the control points to.
 * The control is rendered by `children` with the props to spread on it.
 */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
