function Alert({ kind, message }: { kind: 'error' | 'success'; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {message}
    </div>
  );
}

/** An error alert (role="alert") with the message, or nothing when there is none. */
export const ErrorAlert = ({ message }: { message: string | null | undefined }) => (
  <Alert kind="error" message={message} />
);

/** A success notice (role="status") with the message, or nothing when there is none. */
export const SuccessAlert = ({ message }: { message: string | null | undefined }) => (
  <Alert kind="success" message={message} />
);
