/** Placeholder until the feature lands. */
export function LoginPage() {
  return (
    <main className="container" style={{ padding: '2rem 1rem' }}>
      <h1>Welcome Back!</h1>
    </main>
  );
}
