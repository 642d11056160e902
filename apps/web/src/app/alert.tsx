/** An error alert (role="alert") with the message, or nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <div className="alert alert-error" role="alert">
      {message}
    </div>
  ) : null;
}

/** A success notice (role="status") with the message, or nothing when there is none. */
export function SuccessAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <div className="alert alert-success" role="status">
      {message}
    </div>
  ) : null;
}
