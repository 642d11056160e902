/** Placeholder until the feature lands. */
export function ProfilePage() {
  return (
    <main className="container" style={{ padding: '2rem 1rem' }}>
      <h1>Profile</h1>
      <p className="muted">This page is being built.</p>
    </main>
  );
}
