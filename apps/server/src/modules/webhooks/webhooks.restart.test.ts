// Deliveries outlive a real restart of the embedded database. The file opens PGlite on disk whatever the phase's
// database, so npm test runs it once (scripts/test-lists.mjs): migrating a new PGlite from scratch costs seconds of
// CPU, and in the PostgreSQL phase, niced below the others on a slow machine, it came within seconds of the
// test's time limit.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/build-test-app';
import { startReceiver, type WebhookReceiver } from '../../../test/fixtures/webhook-receiver';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { webhooks } from '../../db/schema';
import { loadOrCreateSecretsKey, sealSecret } from '../../lib/secret-box';
import { runDueDeliveries } from './webhooks.delivery';
import { emitEvent } from './webhooks.events';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('webhook deliveries', () => {
  it('survive a real restart of the database (PGlite on disk): pending rows are sent after reopening', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'assessly-webhook-restart-'));
    const clock = new TestClock();
    try {
      const first = await openDatabase({ dataDir: dir });
      await migrate(first);
      // The data folder's key seals the secret, as the server keeps it; the reopened server reads the same key.
      const secretsKey = await loadOrCreateSecretsKey(dir);
      const companyId = randomUUID();
      await first.db.insert(webhooks).values({
        companyId,
        createdBy: randomUUID(),
        url: receiver.url,
        events: ['attempt.started'],
        secret: sealSecret(secretsKey, 'whsec_restart'),
      });
      await emitEvent({ db: first.db, clock }, companyId, 'attempt.started', 'restart-1', { n: 1 });
      await first.close();
      expect(receiver.received).toHaveLength(0);

      const second = await openDatabase({ dataDir: dir });
      try {
        const key = await loadOrCreateSecretsKey(dir);
        expect(key).toBe(secretsKey);
        await runDueDeliveries({ db: second.db, clock, allowPrivate: true, secretsKey: key });
        expect(receiver.received.map((r) => JSON.parse(r.body).data)).toEqual([{ n: 1 }]);
        const [sent] = receiver.received;
        const timestamp = String(sent!.headers['x-assessly-timestamp']);
        const expected = createHmac('sha256', 'whsec_restart').update(`${timestamp}.${sent!.body}`).digest('hex');
        expect(sent!.headers['x-assessly-signature']).toBe(`sha256=${expected}`);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
