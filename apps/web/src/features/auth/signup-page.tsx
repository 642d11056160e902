/** Placeholder until the feature lands. */
export function SignupPage() {
  return (
    <main className="container" style={{ padding: '2rem 1rem' }}>
      <h1>Create Account</h1>
    </main>
  );
}
