/** The candidate's own tests and hiring statuses, shown on /profile (filled in by the review feature). */
export function MyTests() {
  return null;
}
