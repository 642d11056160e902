/** Settings → ATS: the inbound key shown once, secrets sealed at rest, rotation and removal stop the old key at once. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { atsCompany, basicAuth } from '../../../test/fixtures/ats';
import { useTestApp } from '../../../test/support';
import { atsConnections, auditLog } from '../../db/schema';

const t = useTestApp();

const listTests = (key: string) =>
  t.app.inject({ method: 'GET', url: '/ats/greenhouse/list_tests', headers: { authorization: basicAuth(key) } });

describe('ATS connector settings', () => {
  it('shows the inbound key once, seals every secret, and never answers a secret again', async () => {
    const { owner } = await atsCompany(t);
    const saved = await t.as(owner).put('/api/companies/ats/lever', {
      enabled: true,
      apiKey: 'lever-api-key-SECRET',
      signingToken: 'lever-signing-SECRET',
      performAs: 'user-1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    expect(saved.json()).toMatchObject({ vendor: 'lever', inboundKey: null, hasApiKey: true, hasSigningToken: true });
    const gh = (await t.as(owner).put('/api/companies/ats/greenhouse', { enabled: true })).json();
    expect(gh.inboundKey).toMatch(/^asly_ats_/);
    expect(gh.endpointUrl).toBe(`${t.deps.config.publicUrl}/ats/greenhouse`);

    const rows = await t.deps.db.select().from(atsConnections).where(eq(atsConnections.companyId, owner.companyId!));
    for (const row of rows) {
      expect(row.secrets).toMatch(/^enc:v1:/);
      expect(row.secrets).not.toContain('SECRET');
      expect(row.secrets).not.toContain(gh.inboundKey);
    }
    const list = await t.as(owner).get('/api/companies/ats');
    expect(list.json().map((c: { vendor: string }) => c.vendor)).toEqual(['greenhouse', 'lever']);
    expect(list.body).not.toContain('SECRET');
    expect(list.body).not.toContain(gh.inboundKey);
    // saving again without secrets keeps them and makes no new key
    const again = (await t.as(owner).put('/api/companies/ats/greenhouse', { enabled: true })).json();
    expect(again.inboundKey).toBeNull();
    expect((await listTests(gh.inboundKey)).statusCode).toBe(200);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, owner.companyId!), eq(auditLog.targetType, 'ats_connection')));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'ats.connection_created',
      'ats.connection_created',
      'ats.connection_updated',
    ]);
    expect(JSON.stringify(audit)).not.toContain('SECRET');
  });

  it('rotating the key, disabling or removing the connection stops the old key at once', async () => {
    const { owner } = await atsCompany(t);
    const first = (await t.as(owner).put('/api/companies/ats/greenhouse', { enabled: true })).json().inboundKey;
    const second = (await t.as(owner).put('/api/companies/ats/greenhouse', { enabled: true, rotateKey: true })).json()
      .inboundKey;
    expect(second).not.toBe(first);
    expect((await listTests(first)).statusCode).toBe(401);
    expect((await listTests(second)).statusCode).toBe(200);
    await t.as(owner).put('/api/companies/ats/greenhouse', { enabled: false });
    expect((await listTests(second)).statusCode).toBe(401);
    await t.as(owner).put('/api/companies/ats/greenhouse', { enabled: true });
    expect((await listTests(second)).statusCode).toBe(200);
    expect((await t.as(owner).delete('/api/companies/ats/greenhouse')).statusCode).toBe(200);
    expect((await listTests(second)).statusCode).toBe(401);
    expect((await t.as(owner).delete('/api/companies/ats/greenhouse')).statusCode).toBe(404);
  });

  it('refuses a test of another company or a public-link test, an unknown vendor and unknown fields', async () => {
    const mine = await atsCompany(t);
    const other = await atsCompany(t);
    for (const testId of [other.testId, mine.linkTestId]) {
      const res = await t.as(mine.owner).put('/api/companies/ats/lever', { enabled: true, testId });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.testId).toBeTruthy();
    }
    expect((await t.as(mine.owner).put('/api/companies/ats/taleo', { enabled: true })).statusCode).toBe(400);
    const fileUrl = await t
      .as(mine.owner)
      .put('/api/companies/ats/lever', { enabled: true, apiBaseUrl: 'file:///etc/passwd' });
    expect(fileUrl.statusCode).toBe(400);
    expect((await t.as(mine.owner).put('/api/companies/ats/lever', { enabled: true, secret: 'x' })).statusCode).toBe(
      400,
    );
    expect((await t.as(mine.owner).get('/api/companies/ats')).json()).toEqual([]);
  });
});
