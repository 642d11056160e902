/** The schedule form's fields as typed, turned into the API's body or the field errors (ZInterviewCreate's rules). */
import { type TInterviewCreate, ZInterviewCreate } from '@assessly/shared';

export interface Draft {
  title: string;
  email: string;
  name: string;
  when: string;
  duration: string;
  languages: string[];
  problemIds: string[];
  interviewerIds: string[];
}

export const EMPTY: Draft = {
  title: '',
  email: '',
  name: '',
  when: '',
  duration: '',
  languages: [],
  problemIds: [],
  interviewerIds: [],
};

/** The request body for a draft, or the field errors that keep it from being sent. */
export function toCreateBody(
  d: Draft,
  now: Date,
): { body: TInterviewCreate; fields: null } | { body: null; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const when = d.when ? new Date(d.when) : null;
  if (when && Number.isNaN(when.getTime())) fields.scheduledAt = 'Enter a date and time';
  else if (when && when.getTime() < now.getTime()) fields.scheduledAt = 'Choose a time in the future';
  const duration = d.duration.trim() === '' ? undefined : Number(d.duration);
  const parsed = ZInterviewCreate.safeParse({
    title: d.title,
    candidateEmail: d.email,
    candidateName: d.name.trim() === '' ? undefined : d.name,
    scheduledAt: when && !fields.scheduledAt ? when.toISOString() : undefined,
    durationMinutes: duration,
    languages: d.languages.length > 0 ? d.languages : undefined,
    problemIds: d.problemIds.length > 0 ? d.problemIds : undefined,
    interviewerIds: d.interviewerIds.length > 0 ? d.interviewerIds : undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      fields[key] ??=
        key === 'durationMinutes' && !Number.isInteger(duration) ? 'Whole minutes, 5 to 480' : issue.message;
    }
  }
  if (Object.keys(fields).length > 0 || !parsed.success) return { body: null, fields };
  return { body: parsed.data, fields: null };
}
