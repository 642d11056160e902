/** Placeholder until the feature lands. */
export function ForgotPasswordPage() {
  return (
    <main className="container" style={{ padding: '2rem 1rem' }}>
      <h1>Forgot password</h1>
    </main>
  );
}
