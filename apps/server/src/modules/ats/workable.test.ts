/**
 * Workable's assessment-provider integration against the real app, both directions: Workable's calls
 * (test/fixtures/ats/workable.json) and the results PUT to its callback_url, received by a loopback server playing
 * Workable (retries, once only).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AtsCompany,
  atsCompany,
  fill,
  finishTest,
  invitationMails,
  loadAtsFixture,
  mismatch,
  startVendorServer,
} from '../../../test/fixtures/ats';
import { useTestApp } from '../../../test/support';
import { atsDeliveries, atsOrders } from '../../db/schema';
import { runDueAtsDeliveries } from './ats.delivery';
import { scanCompletions } from './ats.orders';

const t = useTestApp();
// biome-ignore lint/suspicious/noExplicitAny: the fixture is the vendor's JSON, read by its documented keys
const fx = loadAtsFixture('workable') as Record<string, any>;
const WORKABLE_TOKEN = 'workable-generated-token-789';
let company: AtsCompany;
let key = '';
let workable: Awaited<ReturnType<typeof startVendorServer>>;
const vars: Record<string, string> = {};

const deliver = () =>
  runDueAtsDeliveries({ db: t.deps.db, clock: t.clock, allowPrivate: true, secretsKey: t.deps.config.secretsKey! });

function call(method: 'GET' | 'POST', path: string, body?: unknown, auth = `Bearer ${key}`) {
  return t.app.inject({
    method,
    url: `/ats/workable${path}`,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

beforeAll(async () => {
  t.deps.config.webhookAllowPrivate = true; // the loopback Workable
  const path = fx.results_callback.request.path;
  workable = await startVendorServer({ [`PUT ${path}`]: fx.results_callback.response });
  company = await atsCompany(t);
  key = (await t.as(company.owner).put('/api/companies/ats/workable', { enabled: true, apiKey: WORKABLE_TOKEN })).json()
    .inboundKey;
  Object.assign(vars, {
    testId: company.testId,
    testName: company.testName,
    email: `lakita.${Math.random().toString(36).slice(2, 8)}@example.test`,
    callbackUrl: `${workable.base}${path}`,
  });
});
afterAll(() => workable.close());

describe('Workable assessment provider', () => {
  it('the fixture names its source document, URL and sections', () => {
    expect(fx.source.url).toBe('https://workable.readme.io/page/assessment-providers');
    expect(fx.source.sections.length).toBeGreaterThan(2);
  });

  it('refuses a missing or wrong token with 401 and creates nothing', async () => {
    for (const auth of ['', 'Bearer asly_ats_nope', `Basic ${Buffer.from(`${key}:`).toString('base64')}`]) {
      const res = await call('POST', '/assessments', fill(fx.create_assessment.request.body, vars), auth);
      expect(res.statusCode).toBe(401);
      expect(mismatch(fx.refusals.wrong_key.body, res.json())).toBe('');
    }
    expect(await invitationMails(t, vars.email!)).toEqual([]);
  });

  it('a callback_url off https workable.com is a 400 (the results carry Workable’s token)', async () => {
    t.deps.config.webhookAllowPrivate = false;
    try {
      const res = await call('POST', '/assessments', fill(fx.create_assessment.request.body, vars));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('workable.com');
      expect(await invitationMails(t, vars.email!)).toEqual([]);
    } finally {
      t.deps.config.webhookAllowPrivate = true;
    }
  });

  it('GET /tests lists the invite-only tests in the documented shape', async () => {
    const res = await call('GET', '/tests');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(fill(fx.list_tests.response, vars));
  });

  it('POST /assessments of an unknown test is a 404; a real one invites once however often it is repeated', async () => {
    const unknown = await call('POST', '/assessments', {
      ...fill(fx.create_assessment.request.body, vars),
      test_id: 2,
    });
    expect(unknown.statusCode).toBe(404);
    expect(mismatch(fx.refusals.unknown_test.body, unknown.json())).toBe('');
    const noCallback = await call('POST', '/assessments', {
      ...fill(fx.create_assessment.request.body, vars),
      callback_url: 'x',
    });
    expect(noCallback.statusCode).toBe(400);
    expect(await invitationMails(t, vars.email!)).toEqual([]);

    const first = await call('POST', '/assessments', fill(fx.create_assessment.request.body, vars));
    expect(first.statusCode, first.body).toBe(201);
    expect(mismatch(fx.create_assessment.response, first.json())).toBe('');
    vars.assessmentId = first.json().assessment_id;
    const again = await call('POST', '/assessments', fill(fx.create_assessment.request.body, vars));
    expect(again.json().assessment_id).toBe(vars.assessmentId);
    expect(await invitationMails(t, vars.email!)).toHaveLength(1);
    const [order] = await t.deps.db.select().from(atsOrders).where(eq(atsOrders.id, vars.assessmentId!));
    expect(order!.context).toMatchObject({ jobShortcode: 'GROOV005' });
  });

  it('on completion Workable gets the results at its callback_url once, with its own token', async () => {
    const attempt = await finishTest(t, company.testId, vars.email!, 6);
    vars.reportUrl = `${t.deps.config.publicUrl}/admin/reports/${attempt.id}`;
    expect(await scanCompletions(t.deps)).toBe(1);
    workable.answers[`PUT ${fx.results_callback.request.path}`] = [{ status: 429, body: { error: 'slow down' } }];
    expect(await deliver()).toBe(1);
    t.clock.advance(10_000);
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    expect(await scanCompletions(t.deps)).toBe(0);
    const puts = workable.received.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(2);
    for (const p of puts) {
      expect(p.headers.authorization).toBe(`Bearer ${WORKABLE_TOKEN}`);
      expect(mismatch(fill(fx.results_callback.request.body, vars), JSON.parse(p.body))).toBe('');
    }
    const [d] = await t.deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.orderId, vars.assessmentId!));
    expect(d).toMatchObject({ kind: 'workable.results', status: 'delivered', attempts: 2 });
  });

  it('without Workable’s token the result cannot be sent and the log says why', async () => {
    const other = await atsCompany(t);
    const otherKey = (await t.as(other.owner).put('/api/companies/ats/workable', { enabled: true })).json().inboundKey;
    const email = vars.email!.replace('lakita', 'nokey');
    const made = await call(
      'POST',
      '/assessments',
      { ...fill(fx.create_assessment.request.body, vars), test_id: other.testId, candidate: { email } },
      `Bearer ${otherKey}`,
    );
    expect(made.statusCode).toBe(201);
    await finishTest(t, other.testId, email, 1);
    expect(await scanCompletions(t.deps)).toBe(1);
    await deliver();
    const log = (await t.as(other.owner).get('/api/companies/ats/deliveries')).json();
    expect(log[0]).toMatchObject({ kind: 'workable.results', status: 'failed', error: 'No API key configured' });
  });

  it('erasing the candidate for the company forgets the order’s address and sends nothing pending', async () => {
    const email = vars.email!.replace('lakita', 'erased');
    const made = await call('POST', '/assessments', {
      ...fill(fx.create_assessment.request.body, vars),
      candidate: { email },
      callback_url: `${vars.callbackUrl}?erase`,
    });
    const attempt = await finishTest(t, company.testId, email, 5);
    expect(await scanCompletions(t.deps)).toBe(1);
    const erased = await t.as(company.owner).delete(`/api/companies/candidates/${attempt.userId}/data`);
    expect(erased.statusCode, erased.body).toBe(200);
    const [order] = await t.deps.db.select().from(atsOrders).where(eq(atsOrders.id, made.json().assessment_id));
    expect(order!.email).toBe('erased');
    const [d] = await t.deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.orderId, order!.id));
    expect(d).toMatchObject({ status: 'failed', error: 'Not sent: the person was erased' });
    expect(d!.body).not.toContain(email);
  });
});
