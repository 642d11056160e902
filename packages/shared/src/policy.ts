/**
 * The role/action table shared by server and page: which company role may do what.
 * The server (apps/server/src/lib/policy.ts) adds tenancy and the recruiter-owns-it rule on top;
 * the web app calls `can(role, action)` to show each role only the controls it may use.
 */
import { COMPANY_ROLES, type TCompanyRole } from './team';

export type TPolicyAction =
  | 'company.manage' // company settings, logo
  | 'sso.manage' // single sign-on provider and domain proof (issue 23: the owner only)
  | 'members.read'
  | 'members.manage' // change roles, remove members, team invitations
  | 'templates.edit'
  | 'tests.read'
  | 'tests.author' // create/edit tests, problems, questions; import problems
  | 'tests.delete'
  | 'tests.preview'
  | 'invitations.read'
  | 'invitations.send'
  | 'review.read'
  | 'review.note'
  | 'review.status'
  | 'review.grade' // grade written answers (issue 25): a reviewer's own role allows it
  | 'review.identity' // confirm or reject the identity of a start without the live check (issue 41)
  | 'interviews.create' // schedule interviews, invite the candidate
  | 'interviews.read' // reviewers: ended interviews only (the server's interviews.access.ts)
  | 'interviews.conduct' // join a live room as interviewer, run, reveal, end
  | 'interviews.scorecard'
  | 'interviews.erase'; // delete one interview with everything in it (a candidate without an account)

const ALL: readonly TCompanyRole[] = COMPANY_ROLES;
const MANAGERS: readonly TCompanyRole[] = ['owner', 'admin'];
const AUTHORS: readonly TCompanyRole[] = ['owner', 'admin', 'recruiter'];

/** Roles allowed each action, and how a refusal names the action. */
export const POLICY_RULES: Readonly<Record<TPolicyAction, { roles: readonly TCompanyRole[]; label: string }>> = {
  'company.manage': { roles: MANAGERS, label: 'Changing company settings' },
  'sso.manage': { roles: ['owner'], label: 'Setting up single sign-on' },
  'members.read': { roles: ALL, label: 'Seeing the team' },
  'members.manage': { roles: MANAGERS, label: 'Managing team members' },
  'templates.edit': { roles: MANAGERS, label: 'Editing email templates' },
  'tests.read': { roles: ALL, label: 'Reading tests' },
  'tests.author': { roles: AUTHORS, label: 'Creating and editing tests' },
  // A recruiter may also delete a test they created themselves (the server checks the creator).
  'tests.delete': { roles: MANAGERS, label: 'Deleting tests' },
  'tests.preview': { roles: ALL, label: 'Previewing tests' },
  'invitations.read': { roles: ALL, label: 'Seeing invitations' },
  'invitations.send': { roles: AUTHORS, label: 'Inviting candidates' },
  'review.read': { roles: ALL, label: 'Reading results' },
  'review.note': { roles: ALL, label: 'Writing reviewer notes' },
  'review.status': { roles: AUTHORS, label: 'Changing a hiring status' },
  'review.grade': { roles: ALL, label: 'Grading written answers' },
  'review.identity': { roles: ALL, label: "Confirming a candidate's identity" },
  'interviews.create': { roles: AUTHORS, label: 'Scheduling interviews' },
  'interviews.read': { roles: ALL, label: 'Reading interviews' },
  'interviews.conduct': { roles: AUTHORS, label: 'Conducting interviews' },
  'interviews.scorecard': { roles: AUTHORS, label: 'Filling in interview scorecards' },
  'interviews.erase': { roles: MANAGERS, label: 'Deleting interviews' },
};

/** May a company member with this role do this action? No role (not an employer) may do none. */
export function can(role: TCompanyRole | null | undefined, action: TPolicyAction): boolean {
  if (!role) return false;
  return POLICY_RULES[action].roles.includes(role);
}
