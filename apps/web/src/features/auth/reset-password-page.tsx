/** Placeholder until the feature lands. */
export function ResetPasswordPage() {
  return (
    <main className="container" style={{ padding: '2rem 1rem' }}>
      <h1>Choose a new password</h1>
    </main>
  );
}
