/** Small rules of the admin screens (spec part 1 §2, §9), kept pure so they are easy to test. */
import { CANDIDATE_LINK_PATH, can, type TCompanyRole, type TTestType } from '@assessly/shared';

/** Stat-card bar: 5 × the value, capped at 100%. */
export function statBarWidth(value: number): string {
  return `${Math.min(100, Math.max(0, value * 5))}%`;
}

/**
 * The description preview of the problems table: 100 characters, then an ellipsis. Descriptions are HTML
 * (the candidate page renders them), so tags are dropped first: a preview must not show '<p>'.
 */
export function previewText(text: string, limit = 100): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > limit ? `${plain.slice(0, limit)}...` : plain;
}

/** 'Add 1 Question' / 'Add N Questions'. */
export function addQuestionsLabel(n: number): string {
  return `Add ${n} ${n === 1 ? 'Question' : 'Questions'}`;
}

/** The candidate link: {frontend host}/code/{id} for coding tests, /aptitude/{id} for aptitude tests. */
export function candidateLink(origin: string, test: { id: string; testType: TTestType }): string {
  return `${origin}/${CANDIDATE_LINK_PATH[test.testType]}/${test.id}`;
}

/** Where a member previews a test: the candidate page itself (the server makes the attempt a preview). */
export function previewPath(test: { id: string; testType: TTestType }): string {
  return `/${CANDIDATE_LINK_PATH[test.testType]}/${test.id}`;
}

/** The items with these ids, in the order of the ids; ids not among the items are left out. */
export function pickByIds<T extends { id: string }>(items: readonly T[] | undefined, ids: readonly string[]): T[] {
  const byId = new Map((items ?? []).map((item) => [item.id, item]));
  return ids.map((id) => byId.get(id)).filter((item): item is T => !!item);
}

/** Options are lettered A, B, C... */
export function optionLetter(i: number): string {
  return String.fromCharCode(65 + i);
}

/** Edit form default: 40% of the total, floored (at least 1). */
export function defaultPassingMarks(total: number): number {
  return Math.max(1, Math.floor(total * 0.4));
}

/** Minutes between two ISO times, or null. */
export function minutesBetween(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const ms = new Date(end).getTime() - new Date(start).getTime();
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms / 60_000) : null;
}

/** ISO → the value of a datetime-local input (local time), and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A temporary id for questions not saved yet (the server creates rows for ids that are not UUIDs). */
export function tempId(): string {
  return `temp-${Math.random().toString(36).slice(2, 10)}`;
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** What the signed-in member's company role lets the page offer, by the shared table (the server decides). */
export function roleAbilities(
  me: { id: string; role: string; companyRole: TCompanyRole | null } | null | undefined,
  test?: { createdBy: string },
) {
  const role = me?.role === 'employer' ? (me.companyRole ?? 'owner') : null;
  return {
    author: can(role, 'tests.author'),
    invite: can(role, 'invitations.send'),
    // A recruiter may delete a test they created themselves (the server's rule, lib/policy.ts).
    remove: can(role, 'tests.delete') || (role === 'recruiter' && !!test && test.createdBy === me?.id),
  };
}
