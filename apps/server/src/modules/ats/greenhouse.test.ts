/**
 * Greenhouse's Assessment Partner API against the real app, both directions: Greenhouse's calls (the request and
 * response bodies of test/fixtures/ats/greenhouse.json) and the completion PATCH, received by a loopback server that
 * plays Greenhouse (retries, once only).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AtsCompany,
  atsCompany,
  basicAuth,
  fill,
  finishTest,
  invitationMails,
  loadAtsFixture,
  mismatch,
  startVendorServer,
} from '../../../test/fixtures/ats';
import { useTestApp } from '../../../test/support';
import { atsDeliveries, atsOrders, attempts, auditLog, invitations } from '../../db/schema';
import { runDueAtsDeliveries } from './ats.delivery';
import { ATS_ORDER_LIMIT } from './ats.http';
import { scanCompletions } from './ats.orders';

const t = useTestApp();
// biome-ignore lint/suspicious/noExplicitAny: the fixture is the vendor's JSON, read by its documented keys
const fx = loadAtsFixture('greenhouse') as Record<string, any>;
let company: AtsCompany;
let key = '';
let vendor: Awaited<ReturnType<typeof startVendorServer>>;
const vars: Record<string, string> = {};

const deliver = () =>
  runDueAtsDeliveries({ db: t.deps.db, clock: t.clock, allowPrivate: true, secretsKey: t.deps.config.secretsKey! });

function greenhouse(method: 'GET' | 'POST', path: string, body?: unknown, auth = basicAuth(key)) {
  return t.app.inject({
    method,
    url: `/ats/greenhouse${path}`,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

beforeAll(async () => {
  t.deps.config.webhookAllowPrivate = true; // the loopback Greenhouse
  vendor = await startVendorServer({ [`PATCH ${fx.completion_patch.request.path}`]: fx.completion_patch.response });
  company = await atsCompany(t);
  const saved = await t.as(company.owner).put('/api/companies/ats/greenhouse', { enabled: true });
  expect(saved.statusCode, saved.body).toBe(200);
  key = saved.json().inboundKey;
  Object.assign(vars, {
    testId: company.testId,
    testName: company.testName,
    email: `harry.${Math.random().toString(36).slice(2, 8)}@example.test`,
    callbackUrl: `${vendor.base}${fx.completion_patch.request.path}`,
  });
});
afterAll(() => vendor.close());

describe('Greenhouse assessment partner', () => {
  it('the fixture names its source document, URL and sections', () => {
    expect(fx.source.url).toBe('https://developers.greenhouse.io/assessment.html');
    expect(fx.source.sections.length).toBeGreaterThan(3);
  });

  it('refuses a missing, wrong or other vendor’s key with 401 in the error shape, changing nothing', async () => {
    const workable = (await t.as(company.owner).put('/api/companies/ats/workable', { enabled: true })).json();
    for (const auth of ['', basicAuth('asly_ats_wrong'), basicAuth(workable.inboundKey), `Bearer ${key}`]) {
      const res = await greenhouse('POST', '/send_test', fill(fx.send_test.request.body, vars), auth);
      expect(res.statusCode).toBe(401);
      expect(mismatch(fx.refusals.wrong_key.body, res.json())).toBe('');
      expect(res.headers['www-authenticate']).toContain('Basic');
    }
    expect(await t.deps.db.select().from(atsOrders).where(eq(atsOrders.companyId, company.owner.companyId!))).toEqual(
      [],
    );
    expect(await invitationMails(t, vars.email!)).toEqual([]);
  });

  it('send_test with a callback url off https greenhouse.io is a 400 (the PATCH carries the key) and invites nobody', async () => {
    t.deps.config.webhookAllowPrivate = false;
    const email = `draco.${Math.random().toString(36).slice(2, 8)}@example.test`;
    const send = (url: string) =>
      greenhouse('POST', '/send_test', { ...fill(fx.send_test.request.body, vars), candidate: { email }, url });
    try {
      for (const url of [vars.callbackUrl!, 'https://greenhouse.io.evil.example/x', 'http://app.greenhouse.io/x']) {
        const res = await send(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors[0].message).toContain('greenhouse.io');
      }
      expect(await invitationMails(t, email)).toEqual([]);
      expect((await send('https://app.greenhouse.io/integrations/assessments/1')).statusCode).toBe(200);
    } finally {
      t.deps.config.webhookAllowPrivate = true;
    }
  });

  it('list_tests answers the company’s invite-only tests in the documented shape', async () => {
    const res = await greenhouse('GET', '/list_tests');
    expect(res.statusCode).toBe(200);
    expect(mismatch(fill(fx.list_tests.response, vars), res.json())).toBe('');
  });

  it('send_test of an unknown, public-link or another company’s test is a 404 and invites nobody', async () => {
    const other = await atsCompany(t, 'Other company test');
    for (const testId of ['12345', company.linkTestId, other.testId]) {
      const res = await greenhouse('POST', '/send_test', {
        ...fill(fx.send_test.request.body, vars),
        partner_test_id: testId,
      });
      expect(res.statusCode).toBe(404);
      expect(mismatch(fx.refusals.unknown_test.body, res.json())).toBe('');
    }
    const malformed = await greenhouse('POST', '/send_test', { partner_test_id: company.testId });
    expect(malformed.statusCode).toBe(400);
    expect(await invitationMails(t, vars.email!)).toEqual([]);
  });

  it('send_test invites the candidate with the normal invitation, once however often Greenhouse repeats it', async () => {
    const body = fill(fx.send_test.request.body, vars);
    const first = await greenhouse('POST', '/send_test', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(mismatch(fx.send_test.response, first.json())).toBe('');
    vars.orderId = first.json().partner_interview_id;
    const again = await greenhouse('POST', '/send_test', body);
    expect(again.json().partner_interview_id).toBe(vars.orderId);

    const invited = await t.deps.db.select().from(invitations).where(eq(invitations.testId, company.testId));
    expect(invited.filter((i) => i.email === vars.email)).toHaveLength(1);
    const mails = await invitationMails(t, vars.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('/invite/');
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ats.test_sent'), eq(auditLog.targetId, vars.orderId!)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ source: 'ats', vendor: 'greenhouse', testId: company.testId });
    expect(audit[0]!.actorId).toBeNull();
  });

  it('test_status answers pending until the candidate finishes, and an unknown id is a 404', async () => {
    const open = await greenhouse('GET', fill(fx.test_status_open.request.path, vars));
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual(fx.test_status_open.response);
    const unknown = await greenhouse('GET', '/test_status?partner_interview_id=42');
    expect(unknown.statusCode).toBe(404);
    expect(mismatch(fx.refusals.unknown_interview.body, unknown.json())).toBe('');
    // another company's key does not see this order
    const other = await atsCompany(t, 'Rival');
    const rivalKey = (await t.as(other.owner).put('/api/companies/ats/greenhouse', { enabled: true })).json()
      .inboundKey;
    const peek = await greenhouse('GET', fill(fx.test_status_open.request.path, vars), undefined, basicAuth(rivalKey));
    expect(peek.statusCode).toBe(404);
  });

  it('on completion test_status shows status, score and the report link, and Greenhouse gets one PATCH', async () => {
    const attempt = await finishTest(t, company.testId, vars.email!, 8);
    vars.reportUrl = `${t.deps.config.publicUrl}/admin/reports/${attempt.id}`;
    expect(await scanCompletions(t.deps)).toBe(1);
    expect(await scanCompletions(t.deps)).toBe(0); // found once

    const status = await greenhouse('GET', fill(fx.test_status_complete.request.path, vars));
    expect(status.json()).toEqual(fill(fx.test_status_complete.response, vars));

    // Greenhouse is down at first: the delivery is retried on the webhook schedule, then delivered once.
    vendor.answers[`PATCH ${fx.completion_patch.request.path}`] = [{ status: 503, body: { error: 'down' } }];
    expect(await deliver()).toBe(1);
    let [d] = await t.deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.orderId, vars.orderId!));
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503 });
    expect(await deliver()).toBe(0); // not yet due
    t.clock.advance(10_000);
    expect(await deliver()).toBe(1);
    [d] = await t.deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.orderId, vars.orderId!));
    expect(d).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    expect(await deliver()).toBe(0);

    const patches = vendor.received.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(2);
    for (const p of patches) {
      expect(p.headers.authorization).toBe(basicAuth(key));
      expect(p.headers['content-type']).toBe('application/json');
      expect(JSON.parse(p.body)).toEqual(fill(fx.completion_patch.request.body, vars));
    }
    expect(patches[0]!.headers['idempotency-key']).toBe(patches[1]!.headers['idempotency-key']);
  });

  it('the delivery log shows the PATCH and Greenhouse’s answers to owners and admins only', async () => {
    const log = await t.as(company.owner).get('/api/companies/ats/deliveries');
    expect(log.statusCode).toBe(200);
    expect(log.json()).toHaveLength(1);
    expect(log.json()[0]).toMatchObject({
      vendor: 'greenhouse',
      kind: 'greenhouse.complete',
      method: 'PATCH',
      status: 'delivered',
      attempts: 2,
      email: vars.email,
    });
    const candidate = await t.signIn({ role: 'candidate' });
    expect((await t.as(candidate).get('/api/companies/ats/deliveries')).statusCode).toBe(403);
  });

  it('scanning again after a regrade sends nothing new (a result flows back once)', async () => {
    const [order] = await t.deps.db.select().from(atsOrders).where(eq(atsOrders.id, vars.orderId!));
    await t.deps.db
      .update(attempts)
      .set({ score: 3, gradedAt: t.clock.now() })
      .where(eq(attempts.id, order!.attemptId!));
    expect(await scanCompletions(t.deps)).toBe(0);
    const rows = await t.deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.orderId, vars.orderId!));
    expect(rows).toHaveLength(1);
  });

  it('a refusal by Greenhouse (a 4xx) fails the delivery at once, with its answer in the log', async () => {
    const email = `ron.${Math.random().toString(36).slice(2, 8)}@example.test`;
    const path = '/integrations/assessments/refused';
    const sent = await greenhouse('POST', '/send_test', {
      ...fill(fx.send_test.request.body, vars),
      candidate: { email },
      url: `${vendor.base}${path}`,
    });
    expect(sent.statusCode).toBe(200);
    vendor.answers[`PATCH ${path}`] = [{ status: 422, body: { errors: ['Unknown interview'] } }];
    await finishTest(t, company.testId, email, 9);
    expect(await scanCompletions(t.deps)).toBe(1);
    expect(await deliver()).toBe(1);
    const [d] = await t.deps.db
      .select()
      .from(atsDeliveries)
      .where(eq(atsDeliveries.orderId, sent.json().partner_interview_id));
    expect(d).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 422 });
    expect(d!.responseBody).toContain('Unknown interview');
  });

  it('response_error is recorded in the audit log with source ats', async () => {
    const res = await greenhouse('POST', '/response_error', fill(fx.response_error.request.body, vars));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(fx.response_error.response);
    const [row] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'ats.response_error'));
    expect(row!.detail).toMatchObject({ source: 'ats', vendor: 'greenhouse' });
  });

  it('an order whose invitation was never made (the mail failed) is invited when Greenhouse repeats it a minute later', async () => {
    const email = `neville.${Math.random().toString(36).slice(2, 8)}@example.test`;
    const body = { ...fill(fx.send_test.request.body, vars), candidate: { email }, url: `${vendor.base}/gh/neville` };
    const first = await greenhouse('POST', '/send_test', body);
    const id = first.json().partner_interview_id;
    await t.deps.db.update(atsOrders).set({ invitationId: null }).where(eq(atsOrders.id, id));
    await greenhouse('POST', '/send_test', body); // at once: may race the first call, so it mails nobody
    expect(await invitationMails(t, email)).toHaveLength(1);
    t.clock.advance(61_000);
    expect((await greenhouse('POST', '/send_test', body)).json().partner_interview_id).toBe(id);
    expect(await invitationMails(t, email)).toHaveLength(2);
    const [order] = await t.deps.db.select().from(atsOrders).where(eq(atsOrders.id, id));
    expect(order!.invitationId).not.toBeNull();
  });

  it('places at most ATS_ORDER_LIMIT orders a minute per key (429 in Greenhouse’s error shape)', async () => {
    const own = await atsCompany(t, 'Limited');
    const limitedKey = (await t.as(own.owner).put('/api/companies/ats/greenhouse', { enabled: true })).json()
      .inboundKey;
    const body = {
      ...fill(fx.send_test.request.body, { ...vars, testId: own.testId }),
      url: `${vendor.base}/gh/limit`,
    };
    const statuses: number[] = [];
    for (let i = 0; i < ATS_ORDER_LIMIT; i++)
      statuses.push((await greenhouse('POST', '/send_test', body, basicAuth(limitedKey))).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await greenhouse('POST', '/send_test', body, basicAuth(limitedKey));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].message).toMatch(/\w/);
    // another key is not held back
    expect((await greenhouse('POST', '/send_test', fill(fx.send_test.request.body, vars))).statusCode).toBe(200);
  });
});
