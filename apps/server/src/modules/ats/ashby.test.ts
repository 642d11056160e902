/**
 * Ashby's Assessments Partner API against the real app, both directions: Ashby's calls (test/fixtures/ats/ashby.json)
 * and the assessment.update on completion, received by a loopback server playing Ashby's API (retries, once only).
 */
import { eq } from 'drizzle-orm';
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
import { atsDeliveries, atsOrders, auditLog } from '../../db/schema';
import { runDueAtsDeliveries } from './ats.delivery';
import { scanCompletions } from './ats.orders';

const t = useTestApp();
// biome-ignore lint/suspicious/noExplicitAny: the fixture is the vendor's JSON, read by its documented keys
const fx = loadAtsFixture('ashby') as Record<string, any>;
const ASHBY_KEY = 'ashby-customer-api-key';
let company: AtsCompany;
let key = '';
let ashby: Awaited<ReturnType<typeof startVendorServer>>;
const vars: Record<string, string> = {};

const deliver = () =>
  runDueAtsDeliveries({ db: t.deps.db, clock: t.clock, allowPrivate: true, secretsKey: t.deps.config.secretsKey! });

function call(path: string, body: unknown, auth = basicAuth(key)) {
  return t.app.inject({
    method: 'POST',
    url: `/ats/ashby${path}`,
    headers: { authorization: auth, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

beforeAll(async () => {
  ashby = await startVendorServer({ 'POST /assessment.update': fx.assessment_update.response });
  company = await atsCompany(t);
  const saved = await t
    .as(company.owner)
    .put('/api/companies/ats/ashby', { enabled: true, apiKey: ASHBY_KEY, apiBaseUrl: ashby.base });
  key = saved.json().inboundKey;
  Object.assign(vars, {
    testId: company.testId,
    testName: company.testName,
    email: `ada.${Math.random().toString(36).slice(2, 8)}@example.test`,
    applicationId: 'a1b2c3d4-0000-4000-8000-000000000001',
  });
});
afterAll(() => ashby.close());

describe('Ashby assessment partner', () => {
  it('the fixture names its source document, URL and sections', () => {
    expect(fx.source.url).toBe('https://developers.ashbyhq.com/docs/creating-an-assessments-integration');
    expect(fx.source.sections.length).toBeGreaterThan(2);
  });

  it('refuses a wrong key with 401 in Ashby’s error shape and starts nothing', async () => {
    for (const auth of ['', basicAuth('asly_ats_nope'), `Bearer ${key}`]) {
      const res = await call('/assessment.start', fill(fx.assessment_start.request.body, vars), auth);
      expect(res.statusCode).toBe(401);
      expect(mismatch(fx.refusals.wrong_key.body, res.json())).toBe('');
    }
    expect(await invitationMails(t, vars.email!)).toEqual([]);
  });

  it('assessment.list answers the invite-only tests', async () => {
    const res = await call('/assessment.list', fx.assessment_list.request.body);
    expect(res.statusCode).toBe(200);
    expect(mismatch(fill(fx.assessment_list.response, vars), res.json())).toBe('');
  });

  it('assessment.start of an unknown test is a 404; a real one invites once however often Ashby repeats it', async () => {
    const unknown = await call('/assessment.start', {
      ...fill(fx.assessment_start.request.body, vars),
      assessment_type_id: company.linkTestId,
    });
    expect(unknown.statusCode).toBe(404);
    expect(mismatch(fx.refusals.unknown_test.body, unknown.json())).toBe('');
    expect(await invitationMails(t, vars.email!)).toEqual([]);

    const first = await call('/assessment.start', fill(fx.assessment_start.request.body, vars));
    expect(first.statusCode, first.body).toBe(200);
    expect(mismatch(fx.assessment_start.response, first.json())).toBe('');
    vars.assessmentId = first.json().results.assessment_id;
    const again = await call('/assessment.start', fill(fx.assessment_start.request.body, vars));
    expect(again.json().results.assessment_id).toBe(vars.assessmentId);
    expect(await invitationMails(t, vars.email!)).toHaveLength(1);
  });

  it('on completion Ashby gets one assessment.update with status, score and the report link', async () => {
    const attempt = await finishTest(t, company.testId, vars.email!, 9);
    vars.reportUrl = `${t.deps.config.publicUrl}/admin/reports/${attempt.id}`;
    expect(await scanCompletions(t.deps)).toBe(1);
    ashby.answers['POST /assessment.update'] = [{ status: 502, body: { success: false } }];
    expect(await deliver()).toBe(1);
    t.clock.advance(10_000);
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    expect(await scanCompletions(t.deps)).toBe(0);
    const updates = ashby.received.filter((r) => r.url === '/assessment.update');
    expect(updates).toHaveLength(2);
    for (const u of updates) {
      expect(u.headers.authorization).toBe(basicAuth(ASHBY_KEY));
      expect(mismatch(fill(fx.assessment_update.request.body, vars), JSON.parse(u.body))).toBe('');
    }
    const [d] = await t.deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.orderId, vars.assessmentId!));
    expect(d).toMatchObject({ kind: 'ashby.update', status: 'delivered', attempts: 2 });
  });

  it('assessment.cancel of a completed assessment is a 409 and of an unknown one a 404', async () => {
    const done = await call('/assessment.cancel', fill(fx.assessment_cancel.request.body, vars));
    expect(done.statusCode).toBe(409);
    const unknown = await call('/assessment.cancel', { assessment_id: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(mismatch(fx.refusals.unknown_assessment.body, unknown.json())).toBe('');
  });

  it('assessment.cancel stops an open assessment: nothing is sent back when the candidate finishes later', async () => {
    const email = vars.email!.replace('ada', 'grace');
    const started = await call('/assessment.start', {
      ...fill(fx.assessment_start.request.body, vars),
      candidate: { email },
      application: { ashby_id: 'second-application' },
    });
    const assessmentId = started.json().results.assessment_id;
    const res = await call('/assessment.cancel', { assessment_id: assessmentId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(fx.assessment_cancel.response);
    const [order] = await t.deps.db.select().from(atsOrders).where(eq(atsOrders.id, assessmentId));
    expect(order!.status).toBe('cancelled');
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'ats.test_cancelled'));
    expect(audit!.detail).toMatchObject({ source: 'ats', vendor: 'ashby' });
    await finishTest(t, company.testId, email, 10);
    expect(await scanCompletions(t.deps)).toBe(0);
    expect(await t.deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.orderId, assessmentId))).toEqual([]);
  });
});
