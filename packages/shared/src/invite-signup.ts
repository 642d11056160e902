import { z } from 'zod';
import { ZPassword } from './password';

/**
 * POST /api/invitations/accept/{token}/signup: a candidate creates their account from the invitation and is
 * signed in at once. The email is the invitation's (the emailed token proves the candidate reads that inbox).
 */
export const ZInviteSignup = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  password: ZPassword,
});
export type TInviteSignup = z.infer<typeof ZInviteSignup>;
