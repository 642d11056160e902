/**
 * The page's side of the one role/action table (packages/shared policy.ts): `useCan()(action)` is true when the
 * signed-in employer's company role may do it, so each role sees only the controls it can use.
 */
import { can, type TCompanyRole, type TPolicyAction, type TUser } from '@assessly/shared';
import { useMe } from './use-auth';

/** An employer's role in their company (none for candidates and admins of the platform); as the server's roleOf. */
export function companyRoleOf(user: TUser | null | undefined): TCompanyRole | null {
  if (user?.role !== 'employer') return null;
  return user.companyRole ?? 'owner';
}

export function useCan(): (action: TPolicyAction) => boolean {
  const me = useMe();
  const role = companyRoleOf(me.data);
  return (action) => can(role, action);
}
