import { ApiError } from '../../lib/api';

/** Spec part 1 §8: any non-OK answer reads 'Invalid email or password'; other errors their message, else 'Login failed'. */
export function loginErrorMessage(err: unknown): string {
  // Too many attempts is not a wrong password; saying so would send the user hunting for a typo.
  if (err instanceof ApiError && err.status === 429) return err.message;
  if (err instanceof ApiError && err.status > 0) return 'Invalid email or password';
  if (err instanceof Error && err.message) return err.message;
  return 'Login failed';
}

/** Spec part 1 §8: the server's message, fallback 'Failed to create account'. */
export function signupErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.message) return err.message;
  return 'Failed to create account';
}
