/**
 * Lever against the real app, both directions, with a loopback server playing Lever's API
 * (test/fixtures/ats/lever.json): the signed stage-change webhook in, the opportunity read, and on completion the
 * note and the stage move out, with retries and once only.
 */
import { createHmac } from 'node:crypto';
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
const fx = loadAtsFixture('lever') as Record<string, any>;
const SIGNING = 'lever-signature-token-123';
const API_KEY = 'lever-api-key-456';
let company: AtsCompany;
let lever: Awaited<ReturnType<typeof startVendorServer>>;
const vars: Record<string, string> = {};

const deliver = () =>
  runDueAtsDeliveries({ db: t.deps.db, clock: t.clock, allowPrivate: true, secretsKey: t.deps.config.secretsKey! });

function webhook(over: Record<string, unknown> = {}, signing = SIGNING, companyId = vars.companyId!) {
  const body = { ...fill(fx.stage_change_webhook.request.body, { ...vars, signature: '' }), ...over };
  body.signature = createHmac('sha256', signing).update(`${body.token}${body.triggeredAt}`).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: `/ats/lever/${companyId}/webhook`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

beforeAll(async () => {
  t.deps.config.webhookAllowPrivate = true; // the loopback Lever
  company = await atsCompany(t);
  Object.assign(vars, {
    companyId: company.owner.companyId!,
    opportunityId: '250d8f03-738a-4bba-a671-8a3d73477145',
    email: `shane.${Math.random().toString(36).slice(2, 8)}@example.test`,
    triggerStageId: 'stage-assessment',
    moveToStageId: 'stage-onsite',
    performAs: '8d49b010-cc6a-4f40-ace5-e86061c677ed',
  });
  const answer = (name: string) => fill(fx[name].response, vars);
  lever = await startVendorServer({
    [`GET ${fill(fx.get_opportunity.request.path, vars)}`]: answer('get_opportunity'),
    [`POST ${fill(fx.create_note.request.path, vars)}`]: answer('create_note'),
    [`PUT ${fill(fx.update_stage.request.path, vars)}`]: answer('update_stage'),
  });
  const saved = await t.as(company.owner).put('/api/companies/ats/lever', {
    enabled: true,
    apiKey: API_KEY,
    signingToken: SIGNING,
    apiBaseUrl: `${lever.base}/v1`,
    testId: company.testId,
    triggerStageId: vars.triggerStageId,
    performAs: vars.performAs,
    moveToStageId: vars.moveToStageId,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().endpointUrl).toBe(`${t.deps.config.publicUrl}/ats/lever/${vars.companyId}/webhook`);
});
afterAll(() => lever.close());

describe('Lever', () => {
  it('the fixture names its source document, URL and sections', () => {
    expect(fx.source.url).toBe('https://hire.lever.co/developer/documentation');
    expect(fx.source.sections.length).toBeGreaterThan(3);
  });

  it('refuses a wrongly signed, tampered or unknown company’s webhook with 401 and reads nothing', async () => {
    expect((await webhook({}, 'not-the-token')).statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: `/ats/lever/${vars.companyId}/webhook`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        ...fill(fx.stage_change_webhook.request.body, { ...vars, signature: 'ab'.repeat(32) }),
      }),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ error: 'Invalid webhook signature' });
    const other = await atsCompany(t);
    expect((await webhook({}, SIGNING, other.owner.companyId!)).statusCode).toBe(401);
    expect((await webhook({}, SIGNING, 'not-a-uuid')).statusCode).toBe(401);
    expect(lever.received).toEqual([]);
    expect(await t.deps.db.select().from(atsOrders).where(eq(atsOrders.companyId, vars.companyId!))).toEqual([]);
  });

  it('ignores a stage change to another stage', async () => {
    const res = await webhook({ data: { opportunityId: vars.opportunityId, toStageId: 'stage-phone' } });
    expect(res.json()).toEqual({ ok: true, action: 'ignored' });
    expect(lever.received).toEqual([]);
  });

  it('a stage change into the trigger stage reads the opportunity and sends the normal invitation, once', async () => {
    const res = await webhook();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(fx.stage_change_webhook.response);
    const [get] = lever.received;
    expect(get).toMatchObject({ method: 'GET', url: fill(fx.get_opportunity.request.path, vars) });
    expect(get!.headers.authorization).toBe(basicAuth(API_KEY));
    // Lever retries webhooks: the same change again invites nobody twice
    expect((await webhook()).json()).toEqual({ ok: true, action: 'already_invited' });
    expect(await invitationMails(t, vars.email!)).toHaveLength(1);
    const [order] = await t.deps.db.select().from(atsOrders).where(eq(atsOrders.companyId, vars.companyId!));
    expect(order).toMatchObject({ vendor: 'lever', email: vars.email, testId: company.testId });
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, order!.id));
    expect(audit!.detail).toMatchObject({ source: 'ats', vendor: 'lever' });
  });

  it('a Lever outage while reading the opportunity is a 502 (Lever retries) and places no order', async () => {
    lever.answers[`GET ${fill(fx.get_opportunity.request.path, { ...vars, opportunityId: 'opp-down' })}`] = [
      { status: 503, body: { code: 'ServiceUnavailable' } },
    ];
    const res = await webhook({ data: { opportunityId: 'opp-down', toStageId: vars.triggerStageId } });
    expect(res.statusCode).toBe(502);
    const orders = await t.deps.db.select().from(atsOrders).where(eq(atsOrders.companyId, vars.companyId!));
    expect(orders).toHaveLength(1);
  });

  it('on completion Lever gets a note with the score and report link and the stage move, each once', async () => {
    const attempt = await finishTest(t, company.testId, vars.email!, 7);
    expect(await scanCompletions(t.deps)).toBe(2);
    expect(await scanCompletions(t.deps)).toBe(0);
    const notePath = fill(fx.create_note.request.path, vars);
    lever.answers[`POST ${notePath}`] = [{ status: 500, body: { code: 'InternalError' } }];
    lever.received.length = 0;
    expect(await deliver()).toBe(2);
    t.clock.advance(10_000);
    expect(await deliver()).toBe(1); // the note's retry
    expect(await deliver()).toBe(0);

    const notes = lever.received.filter((r) => r.method === 'POST');
    expect(notes).toHaveLength(2);
    for (const n of notes) {
      expect(n.url).toBe(`${notePath}?${fill(fx.create_note.request.query, vars)}`);
      expect(n.headers.authorization).toBe(basicAuth(API_KEY));
      const body = JSON.parse(n.body);
      expect(mismatch(fx.create_note.request.body, body)).toBe('');
      expect(body.value).toContain('7 / 10 (70%, passed)');
      expect(body.value).toContain(`${t.deps.config.publicUrl}/admin/reports/${attempt.id}`);
    }
    const stage = lever.received.filter((r) => r.method === 'PUT');
    expect(stage).toHaveLength(1);
    expect(stage[0]!.url).toBe(
      `${fill(fx.update_stage.request.path, vars)}?${fill(fx.update_stage.request.query, vars)}`,
    );
    expect(JSON.parse(stage[0]!.body)).toEqual(fill(fx.update_stage.request.body, vars));

    const rows = await t.deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.companyId, vars.companyId!));
    expect(rows.map((r) => [r.kind, r.status, r.attempts]).sort()).toEqual([
      ['lever.note', 'delivered', 2],
      ['lever.stage', 'delivered', 1],
    ]);
  });

  it('a delivery whose connection was removed fails with the reason in the log', async () => {
    const other = await atsCompany(t);
    await t.as(other.owner).put('/api/companies/ats/lever', {
      enabled: true,
      apiKey: API_KEY,
      signingToken: SIGNING,
      apiBaseUrl: `${lever.base}/v1`,
      testId: other.testId,
      triggerStageId: vars.triggerStageId,
    });
    const email = vars.email!.replace('shane', 'other');
    lever.answers[`GET ${fill(fx.get_opportunity.request.path, { ...vars, opportunityId: 'opp-2' })}`] = [
      fill(fx.get_opportunity.response, { ...vars, opportunityId: 'opp-2', email }),
    ];
    const res = await webhook(
      { data: { opportunityId: 'opp-2', toStageId: vars.triggerStageId } },
      SIGNING,
      other.owner.companyId!,
    );
    expect(res.json().action).toBe('invited');
    await finishTest(t, other.testId, email, 2);
    expect(await scanCompletions(t.deps)).toBe(1); // no stage move configured: the note only
    await t.as(other.owner).delete('/api/companies/ats/lever');
    await deliver();
    const log = (await t.as(other.owner).get('/api/companies/ats/deliveries')).json();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ kind: 'lever.note', status: 'failed', error: 'Connection deleted' });
  });
});
