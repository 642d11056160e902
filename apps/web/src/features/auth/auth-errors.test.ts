import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { loginErrorMessage, signupErrorMessage } from './auth-errors';

describe('loginErrorMessage', () => {
  it('reads any non-OK answer as a wrong email or password', () => {
    expect(loginErrorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'whatever the server says'))).toBe(
      'Invalid email or password',
    );
    expect(loginErrorMessage(new ApiError(500, 'INTERNAL', 'Internal error'))).toBe('Invalid email or password');
  });

  it('keeps the rate limit message, since the password may well be right', () => {
    expect(loginErrorMessage(new ApiError(429, 'RATE_LIMITED', 'Too many attempts, try again in a minute'))).toBe(
      'Too many attempts, try again in a minute',
    );
  });

  it('shows other errors by their message, falling back to Login failed', () => {
    expect(loginErrorMessage(new ApiError(0, 'NETWORK', 'Network error'))).toBe('Network error');
    expect(loginErrorMessage(new Error(''))).toBe('Login failed');
    expect(loginErrorMessage('boom')).toBe('Login failed');
  });
});

describe('signupErrorMessage', () => {
  it("shows the server's message", () => {
    expect(signupErrorMessage(new ApiError(409, 'EMAIL_TAKEN', 'An account with this email already exists'))).toBe(
      'An account with this email already exists',
    );
  });

  it('falls back to Failed to create account without an answer from the server', () => {
    expect(signupErrorMessage(new ApiError(0, 'NETWORK', 'Network error'))).toBe('Failed to create account');
    expect(signupErrorMessage(new TypeError('x'))).toBe('Failed to create account');
  });
});
