/** Dates shown US style as short month, day, year (spec part 1 §9). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return 'N/A';
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return 'N/A';
  return d.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * A test's pass mark as every screen says it (issue 46): the test details, the entry page and the results. The
 * total is the sum of the questions' marks once the test holds any (the server keeps it so).
 */
export function passMarkText(test: { passingMarks: number; totalMarks: number }): string {
  return `pass mark ${test.passingMarks} of ${test.totalMarks}`;
}

/** The text with its first letter in capitals (a phrase that starts a line). */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
