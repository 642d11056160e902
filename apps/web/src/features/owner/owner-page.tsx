/** Placeholder until the feature lands. */
export function OwnerPage() {
  return (
    <main className="container" style={{ padding: '2rem 1rem' }}>
      <h1>Register your company</h1>
      <p className="muted">This page is being built.</p>
    </main>
  );
}
