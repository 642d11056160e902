import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { seedAttempt, seedAttemptSubmission } from '../../../test/fixtures/review';
import { startReceiver, type WebhookReceiver } from '../../../test/fixtures/webhook-receiver';
import { useSignedIn, useTestApp } from '../../../test/support';
import { attempts, invitations, webhookDeliveries, webhooks } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { postSigned, RETRY_WINDOW_MS, runDueDeliveries } from './webhooks.delivery';
import { emitEvent, scanAttemptEvents } from './webhooks.events';
import { createWebhookLoop } from './webhooks.loop';
import { isPrivateAddress } from './webhooks.url-guard';

const t = useTestApp();
const admin = useSignedIn(t, { role: 'employer' });
let receiver: WebhookReceiver;
const deliver = () =>
  runDueDeliveries({ db: t.deps.db, clock: t.clock, allowPrivate: true, secretsKey: t.deps.config.secretsKey! });

beforeAll(async () => {
  t.deps.config.webhookAllowPrivate = true;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

async function createWebhook(events: string[], url = receiver.url) {
  const res = await t.as(admin).post('/api/companies/webhooks', { url, events });
  return res;
}

async function statusChange(): Promise<string> {
  const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50] });
  const candidate = await createSignedInUser(t.app);
  const attempt = await seedAttempt(t.deps.db, test.id, candidate.id);
  const res = await t.as(admin).put(`/api/review/attempts/${attempt.id}/status`, { status: 'rejected' });
  expect(res.statusCode).toBe(200);
  return attempt.id;
}

describe('webhook URLs (server-side request forgery)', () => {
  it('classifies loopback, private, link-local and mapped addresses as private', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it('refuses loopback and private URLs at creation unless WEBHOOK_ALLOW_PRIVATE', async () => {
    t.deps.config.webhookAllowPrivate = false;
    try {
      for (const url of [
        receiver.url,
        'http://localhost:9/x',
        'http://[::1]/x',
        'http://169.254.169.254/latest',
        'http://10.0.0.5/',
      ]) {
        const res = await createWebhook(['attempt.started'], url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('WEBHOOK_URL_REFUSED');
      }
      const creds = await createWebhook(['attempt.started'], 'http://user:pw@example.test/');
      expect(creds.statusCode).toBe(400);
    } finally {
      t.deps.config.webhookAllowPrivate = true;
    }
  });

  it('refuses a private address again at delivery time (DNS rebinding)', async () => {
    const viaName = await postSigned(receiver.url.replace('127.0.0.1', 'localhost'), '{}', {}, false);
    expect(viaName.error).toMatch(/private address/);
    const literal = await postSigned(receiver.url, '{}', {}, false);
    expect(literal.error).toMatch(/private address/);
    expect(receiver.received).toHaveLength(0);
  });

  it('validates events and is for owners/admins only', async () => {
    expect((await createWebhook(['attempt.exploded'])).statusCode).toBe(400);
    const candidate = await createSignedInUser(t.app);
    const res = await t
      .as(candidate)
      .post('/api/companies/webhooks', { url: receiver.url, events: ['attempt.started'] });
    expect(res.statusCode).toBe(403);
  });
});

describe('webhook deliveries', () => {
  it('are signed: HMAC-SHA256 of "<timestamp>.<raw body>" with the secret returned once', async () => {
    const created = await createWebhook(['candidate.status_changed']);
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    const list = await t.as(admin).get('/api/companies/webhooks');
    expect(list.body).not.toContain(secret);
    // Issue 23: sealed at rest; the signature below proves the delivery opens it again.
    const [stored] = await t.deps.db.select().from(webhooks).where(eq(webhooks.id, id));
    expect(stored!.secret).not.toContain(secret);
    expect(stored!.secret.startsWith('enc:v1:')).toBe(true);
    const attemptId = await statusChange();
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const got = receiver.received.find((r) => JSON.parse(r.body).event === 'candidate.status_changed');
    expect(got).toBeDefined();
    const ts = got!.headers['x-assessly-timestamp'] as string;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(600);
    const expected = createHmac('sha256', secret).update(`${ts}.${got!.body}`).digest('hex');
    expect(got!.headers['x-assessly-signature']).toBe(`sha256=${expected}`);
    const body = JSON.parse(got!.body);
    expect(body.data).toMatchObject({ attemptId, status: 'rejected' });
    const log = await t.as(admin).get(`/api/companies/webhooks/${id}/deliveries`);
    expect(log.json()[0]).toMatchObject({
      status: 'delivered',
      responseStatus: 200,
      responseBody: 'thanks',
      attempts: 1,
    });
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });

  it('are not raised when the status set is the one the attempt already has', async () => {
    const { id } = (await createWebhook(['candidate.status_changed'])).json();
    const attemptId = await statusChange();
    const again = await t.as(admin).put(`/api/review/attempts/${attemptId}/status`, { status: 'rejected' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ hiringStatus: 'rejected', changed: false });
    const rows = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(rows).toHaveLength(1);
    const moved = await t.as(admin).put(`/api/review/attempts/${attemptId}/status`, { status: 'shortlisted' });
    expect(moved.json()).toMatchObject({ hiringStatus: 'shortlisted', changed: true });
    const after = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(after).toHaveLength(2);
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });

  it('are retried with backoff after a failure, and the log shows the response', async () => {
    const { id } = (await createWebhook(['candidate.status_changed'])).json();
    receiver.answers.push(500);
    await statusChange();
    await deliver();
    const log = async () => (await t.as(admin).get(`/api/companies/webhooks/${id}/deliveries`)).json();
    expect((await log())[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      responseBody: 'receiver is down',
    });
    // Not due yet: nothing is sent.
    expect(await deliver()).toBe(0);
    t.clock.advance(11_000);
    await deliver();
    expect((await log())[0]).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });

  it('give up after a day of failures', async () => {
    const { id } = (await createWebhook(['candidate.status_changed'])).json();
    await statusChange();
    const start = t.clock.now().getTime();
    let tries = 0;
    while (t.clock.now().getTime() - start < RETRY_WINDOW_MS + 3_600_000 && tries < 30) {
      receiver.answers.push(503);
      await deliver();
      tries += 1;
      t.clock.advance(3_600_000);
    }
    const [row] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(row!.status).toBe('failed');
    expect(row!.attempts).toBeGreaterThan(3);
    expect(row!.attempts).toBeLessThanOrEqual(RETRY_WINDOW_MS / 3_600_000 + 1);
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });

  it("one company's backlog does not hold back another company's delivery", async () => {
    const { id: busyHook } = (await createWebhook(['candidate.status_changed'])).json();
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const quiet = await t
      .as(other)
      .post('/api/companies/webhooks', { url: receiver.url, events: ['candidate.status_changed'] });
    for (let i = 0; i < 30; i++) {
      await emitEvent(t.deps, admin.companyId!, 'candidate.status_changed', `backlog-${i}`, { i });
    }
    await emitEvent(t.deps, other.companyId!, 'candidate.status_changed', 'quiet-1', { quiet: true });
    await runDueDeliveries(
      { db: t.deps.db, clock: t.clock, allowPrivate: true, secretsKey: t.deps.config.secretsKey! },
      10,
    );
    const [row] = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, quiet.json().id));
    expect(row!.status).toBe('delivered');
    // Drain the backlog before the next test.
    while ((await deliver()) > 0);
    await t.as(admin).delete(`/api/companies/webhooks/${busyHook}`);
  });

  it('survive a restart: a pending row is sent by a new loop', async () => {
    const { id } = (await createWebhook(['candidate.status_changed'])).json();
    await statusChange();
    const [pending] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(pending!.status).toBe('pending');
    const loop = createWebhookLoop(() => t.deps, t.app.log);
    await loop.tick();
    const [after] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(after!.status).toBe('delivered');
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });
});

describe('webhook events', () => {
  it('candidate.status_changed for a move to an own pipeline stage, one or many, with its key and label (issue 26)', async () => {
    const { id } = (await createWebhook(['candidate.status_changed'])).json();
    const stages = (await t.as(admin).get('/api/companies/me/pipeline')).json().stages as {
      key: string;
      label: string;
    }[];
    const saved = await t.as(admin).put('/api/companies/me/pipeline', {
      stages: [...stages.map(({ key, label }) => ({ key, label })), { label: 'Take-home' }],
    });
    expect(saved.statusCode).toBe(200);
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50] });
    const one = await seedAttempt(t.deps.db, test.id, (await createSignedInUser(t.app)).id);
    const two = await seedAttempt(t.deps.db, test.id, (await createSignedInUser(t.app)).id);
    const moved = await t
      .as(admin)
      .put(`/api/review/attempts/${one.id}/status`, { status: 'take_home', notify: false });
    expect(moved.statusCode).toBe(200);
    const bulk = await t
      .as(admin)
      .post(`/api/review/tests/${test.id}/status`, { attemptIds: [two.id], status: 'offer', notify: true });
    expect(bulk.statusCode).toBe(200);
    expect(await deliver()).toBe(2);
    const events = receiver.received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.event)).toEqual(['candidate.status_changed', 'candidate.status_changed']);
    const byAttempt = Object.fromEntries(events.map((e) => [e.data.attemptId, e.data]));
    expect(byAttempt[one.id]).toMatchObject({ status: 'take_home', stage: { key: 'take_home', label: 'Take-home' } });
    expect(byAttempt[two.id]).toMatchObject({ status: 'offer', stage: { key: 'offer', label: 'Offer' } });
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });

  it('fires nothing for a company member’s preview (issue 23)', async () => {
    const { id } = (await createWebhook(['attempt.started', 'attempt.completed'])).json();
    const { test } = await buildCodingTest(t.deps.db, { employer: admin });
    const attempt = await seedAttempt(t.deps.db, test.id, admin.id, { startedAt: t.clock.now() });
    await t.deps.db
      .update(attempts)
      .set({ isPreview: true, finalizedAt: t.clock.now() })
      .where(eq(attempts.id, attempt.id));
    await scanAttemptEvents({ ...t.deps, publicUrl: 'https://assessly.example' });
    expect(await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id))).toEqual([]);
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });

  it('attempt.started and attempt.completed (score, result, report link), each once', async () => {
    const { id } = (await createWebhook(['attempt.started', 'attempt.completed'])).json();
    const { test, problems } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50], passingMarks: 40 });
    const candidate = await createSignedInUser(t.app);
    const attempt = await seedAttempt(t.deps.db, test.id, candidate.id, { startedAt: t.clock.now() });
    const deps = { ...t.deps, publicUrl: 'https://assessly.example' };
    await scanAttemptEvents(deps);
    await seedAttemptSubmission(t.deps.db, attempt, {
      problem: problems[0]!,
      questionNumber: 0,
      passed: 1,
      total: 1,
    });
    // Not finalised yet: no completion.
    await scanAttemptEvents(deps);
    await t.deps.db.update(attempts).set({ finalizedAt: t.clock.now() }).where(eq(attempts.id, attempt.id));
    await scanAttemptEvents(deps);
    await scanAttemptEvents(deps);
    await deliver();
    const events = receiver.received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.event).sort()).toEqual(['attempt.completed', 'attempt.started']);
    const done = events.find((e) => e.event === 'attempt.completed');
    expect(done.data).toMatchObject({
      attemptId: attempt.id,
      score: 50,
      maxScore: 100,
      result: 'passed',
      reportUrl: `https://assessly.example/admin/reports/${attempt.id}`,
      candidate: { email: candidate.email },
    });
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });

  it('invitation.accepted when the candidate opens the link, once per invitation', async () => {
    const { id } = (await createWebhook(['invitation.accepted'])).json();
    const { test } = await buildCodingTest(t.deps.db, { employer: admin, marks: [50, 50] });
    const token = `tok${Date.now()}abcdefghijklmnopqrstuvwxyz`;
    await t.deps.db
      .insert(invitations)
      .values({ testId: test.id, email: 'cand@example.test', tokenHash: hashToken(token) });
    for (let i = 0; i < 2; i++) {
      const res = await t.as(null).get(`/api/invitations/accept/${token}`);
      expect(res.statusCode).toBe(200);
    }
    await deliver();
    const events = receiver.received.map((r) => JSON.parse(r.body));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'invitation.accepted',
      data: { email: 'cand@example.test', testId: test.id },
    });
    await t.as(admin).delete(`/api/companies/webhooks/${id}`);
  });

  it('another company cannot read the delivery log', async () => {
    const { id } = (await createWebhook(['attempt.started'])).json();
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const res = await t.as(other).get(`/api/companies/webhooks/${id}/deliveries`);
    expect(res.statusCode).toBe(404);
  });
});
