/** Placeholder until the feature lands. */
export function HomePage() {
  return (
    <main className="container" style={{ padding: '2rem 1rem' }}>
      <h1>Assessly</h1>
      <p className="muted">This page is being built.</p>
    </main>
  );
}
