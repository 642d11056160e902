/** A form's full-width submit button: disabled with a spinner and the busy label while the form submits. */
export function SubmitButton({ busy, busyLabel, label }: { busy: boolean; busyLabel: string; label: string }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
