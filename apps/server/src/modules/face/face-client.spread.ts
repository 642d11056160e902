/**
 * Several face service instances (FACE_SERVICE_URL=url1,url2,…; issue 28). Each call goes to the reachable
 * instance with the fewest calls in flight from this process (round-robin among equals), so a drive's page-load
 * verifies spread over every instance. A call that finds its instance unreachable or failing (FACE_UNAVAILABLE:
 * no answer, 5xx, busy) is sent once more to another instance, and the failing one is left out for a few
 * seconds, longer each time it fails again. Face calls are pure functions of what they carry (the enrolled
 * descriptor travels with verify), so sending one again elsewhere is safe. Image errors are the caller's and
 * are never retried.
 */
import { AppError } from '../../lib/errors';
import type { FaceClient, FaceHealth } from './face-client';

/** How long an instance that failed is left out: doubles per failure in a row, from the first to the cap. */
const DOWN_FIRST_MS = 2_000;
const DOWN_MAX_MS = 30_000;

interface Instance {
  client: FaceClient;
  inFlight: number;
  failures: number;
  downUntil: number;
}

export function createSpreadFaceClient(clients: FaceClient[], now: () => number = Date.now): FaceClient {
  if (clients.length === 0) throw new Error('no face service instances');
  const instances: Instance[] = clients.map((client) => ({ client, inFlight: 0, failures: 0, downUntil: 0 }));
  let next = 0;

  /** The least busy instance that is not left out (all of them when every one is), skipping `except`. */
  function pick(except: Instance | null): Instance | null {
    const t = now();
    const candidates = instances.filter((i) => i !== except);
    const up = candidates.filter((i) => i.downUntil <= t);
    const pool = up.length ? up : candidates;
    if (!pool.length) return null;
    const start = next++ % instances.length;
    let best: Instance | null = null;
    for (let k = 0; k < instances.length; k++) {
      const inst = instances[(start + k) % instances.length]!;
      if (pool.includes(inst) && (!best || inst.inFlight < best.inFlight)) best = inst;
    }
    return best;
  }

  async function call<T>(fn: (c: FaceClient) => Promise<T>): Promise<T> {
    let tried: Instance | null = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      const inst = pick(tried);
      if (!inst) break;
      inst.inFlight++;
      try {
        const out = await fn(inst.client);
        inst.failures = 0;
        inst.downUntil = 0;
        return out;
      } catch (err) {
        const code = err instanceof AppError ? err.code : null;
        if (code !== 'FACE_UNAVAILABLE' && code !== 'FACE_BUSY') throw err;
        // A busy instance (its queue full) is asked again next time; an unusable one is left out a while.
        if (code === 'FACE_UNAVAILABLE') {
          inst.failures++;
          inst.downUntil = now() + Math.min(DOWN_MAX_MS, DOWN_FIRST_MS * 2 ** (inst.failures - 1));
        }
        if (attempt === 1 || instances.length === 1) throw err;
        tried = inst;
      } finally {
        inst.inFlight--;
      }
    }
    throw new AppError('FACE_UNAVAILABLE', 'The face service is not reachable. Please try again.');
  }

  return {
    kind: 'remote',
    enroll: (subject, jpeg) => call((c) => c.enroll(subject, jpeg)),
    detect: (subject, jpeg, opts) => call((c) => c.detect(subject, jpeg, opts)),
    verify: (subject, jpeg, descriptor, opts) => call((c) => c.verify(subject, jpeg, descriptor, opts)),
    async health(): Promise<FaceHealth> {
      const each = await Promise.all(instances.map((i) => Promise.resolve(i.client.health())));
      const services = each.map((h, k) => ({
        url: h.url,
        service: h.service,
        inFlight: instances[k]!.inFlight,
        leftOutForMs: Math.max(0, instances[k]!.downUntil - now()),
      }));
      const reachable = each.filter((h) => h.service !== 'unreachable');
      return {
        state: 'remote',
        backend: `remote face service (${instances.length} instances, ${reachable.length} reachable)`,
        models: reachable[0]?.models ?? [],
        url: each.map((h) => h.url).join(','),
        // one working instance is a working service: only all of them unreachable is reported as such
        service: reachable.length ? { state: reachable[0]!.service, instances: services } : 'unreachable',
      };
    },
    async close() {
      await Promise.all(instances.map((i) => i.client.close()));
    },
  };
}
