import { z } from 'zod';

/** Company roles (issue 13): owner and admin manage members and settings; recruiters author, invite and review;
 * reviewers read results and write notes only. */
export const COMPANY_ROLES = ['owner', 'admin', 'recruiter', 'reviewer'] as const;
export type TCompanyRole = (typeof COMPANY_ROLES)[number];
/** Roles a team invitation or a role change can grant (ownership is not handed out by invitation). */
export const INVITABLE_ROLES = ['admin', 'recruiter', 'reviewer'] as const;
export type TInvitableRole = (typeof INVITABLE_ROLES)[number];

export const ZMemberRoleUpdate = z.object({
  role: z.enum(COMPANY_ROLES, { error: 'Choose owner, admin, recruiter or reviewer' }),
});
export type TMemberRoleUpdate = z.infer<typeof ZMemberRoleUpdate>;

export const ROLE_LABELS: Record<TCompanyRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  recruiter: 'Recruiter',
  reviewer: 'Reviewer',
};
