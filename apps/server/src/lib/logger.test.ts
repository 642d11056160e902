/** Issue 23: request logs never carry invitation tokens, SSO codes or state, or emails; logged objects neither. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support';
import { buildApp } from '../app';
import { createServerLogger, redactUrl } from './logger';

const t = useTestApp();

describe('the server logger', () => {
  it('keeps secrets out of request lines and logged objects', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createServerLogger('info', sink);
    const app = await buildApp(t.deps, { logger });
    try {
      const token = `${'a'.repeat(20)}Zx9_token_value_4f2b8c`;
      await app.inject({ method: 'GET', url: `/api/invitations/accept/${token}` });
      await app.inject({ method: 'GET', url: '/api/auth/sso/discover?email=secret.person%40corp.test' });
      await app.inject({ method: 'GET', url: '/api/auth/sso/callback?code=the-auth-code-123&state=the-state-456' });
      logger.info({ user: { email: 'someone@corp.test', password: 'hunter2-pass' }, clientSecret: 'sso-s3cret' }, 'x');
      const text = lines.join('');
      expect(text).toContain('/api/invitations/accept/[redacted]');
      for (const secret of [
        token,
        'secret.person',
        'the-auth-code-123',
        'the-state-456',
        'someone@corp.test',
        'hunter2-pass',
        'sso-s3cret',
      ]) {
        expect(text, secret).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });

  it('leaves ids and plain paths readable', () => {
    const id = '0b4e7a52-9f3c-4d2e-8a1b-2c3d4e5f6a7b';
    expect(redactUrl(`/api/tests/${id}/questions`)).toBe(`/api/tests/${id}/questions`);
    expect(redactUrl('/api/review/dashboard?page=2')).toBe('/api/review/dashboard?page=[redacted]');
  });
});
