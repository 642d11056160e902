/**
 * Face services as a deployment runs them (issue 28): two real face service processes (src/face-service.ts, the
 * face models loaded) and a real API process (src/main.ts) that spreads face calls over both through
 * FACE_SERVICE_URL. kill -9 of one service mid-drive: every later check is answered by the other, none fails;
 * with both dead, a check is refused with a clear 503 at once, and the API itself keeps answering.
 * Needs the PostgreSQL server (TEST_DATABASE_URL, default local): the API runs with JUDGE_WORKERS=0, no judge.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaceServiceProcess } from '../test/face-service-process';
import { multipart, photo } from '../test/fixtures/face';
import { type ServerProcess, signInOnServer, signUpOnServer, startServerProcess } from '../test/server-process';
import { usePostgresDatabase } from '../test/support';

/** The file's own database on the PostgreSQL server, whatever the run's mode. */
const server = usePostgresDatabase();

const SECRET = 'face-topology-secret-7d2e';

let dataDir: string;
let api: ServerProcess;
const faces: ReturnType<typeof startFaceServiceProcess>[] = [];

/** One face service process, resolved once it listens. */
async function startFaceService(): Promise<{ url: string }> {
  const face = startFaceServiceProcess(SECRET);
  faces.push(face);
  return { url: await face.url };
}

/** Waits until the service's models are loaded (its /health says ready), so the drive measures checks only. */
async function ready(url: string) {
  for (;;) {
    const state = ((await (await fetch(`${url}/health`)).json()) as { state?: string }).state;
    if (state === 'ready') return;
    if (state === 'error') throw new Error(`the face models did not load at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function detect(cookie: string) {
  const body = multipart({}, photo('obama_02.jpg'));
  const res = await fetch(`${api.url}/api/face/detect`, {
    method: 'POST',
    headers: { cookie, ...body.headers },
    body: new Uint8Array(body.payload),
  });
  const text = await res.text();
  return { status: res.status, count: res.headers.get('x-face-count'), text };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'assessly-face-topology-'));
  const services = await Promise.all([startFaceService(), startFaceService()]);
  await Promise.all(services.map((s) => ready(s.url)));
  api = await startServerProcess({
    DATABASE_URL: server.database.url!,
    DATA_DIR: dataDir,
    JUDGE_WORKERS: '0',
    FACE_SERVICE_URL: services.map((s) => s.url).join(','),
    FACE_SERVICE_SECRET: SECRET,
    WEB_DIST: '/nonexistent',
    ARGON2_MEMORY_KIB: '64',
    ARGON2_TIME_COST: '1',
  });
}, 180_000);

afterAll(async () => {
  for (const f of faces) f.proc.kill('SIGKILL');
  await api?.stop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
});

describe('two face services behind one API', () => {
  it('after kill -9 of one face service, every check goes to the other; with none left, a clear 503', async () => {
    const { email } = await signUpOnServer(api.url, server.database, 'candidate', {
      firstName: 'Face',
      lastName: 'Topology',
    });
    const cookie = await signInOnServer(api.url, email);

    // both services answer: one face in the frame
    for (let i = 0; i < 4; i++) expect(await detect(cookie)).toMatchObject({ status: 204, count: '1' });

    await faces[0]!.kill9();
    // the dead one is tried (idle instances take calls in turn, so one of the first two goes to it: connection
    // refused), the call is sent to the other, and the dead one is left out a while (face-client.spread.ts)
    const after = [];
    for (let i = 0; i < 6; i++) after.push(await detect(cookie));
    expect(after.map((r) => r.status)).toEqual([204, 204, 204, 204, 204, 204]);

    await faces[1]!.kill9();
    const none = await detect(cookie);
    expect(none.status).toBe(503);
    expect(JSON.parse(none.text).code).toBe('FACE_UNAVAILABLE');
    // the API itself is unharmed
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
  }, 120_000);
});
