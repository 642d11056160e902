/**
 * The test kit's entry for API tests: `useTestApp()` builds the real app for the file (set-up and tear-down
 * registered with vitest) and `as(user)` makes requests with a user's session.
 *
 *   const t = useTestApp();
 *   it('…', async () => {
 *     const owner = await t.signIn({ role: 'employer' });
 *     const res = await t.as(owner).post('/api/tests/create', body);
 *   });
 *
 * `useSignedIn(t)`, `useTeam(t)`, `useRealJudge(t)` and `useStartedCodingTest(t)` make the file's shared users,
 * judge and test once, in hooks registered after useTestApp's.
 */
import { type CreateJudgeOptions, createJudge, type Judge } from '@assessly/judge';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import { attachJudging, buildTestApp, type TestApp, type TestClock } from './build-test-app';
import {
  buildCodingTest,
  type CodingTestSpec,
  createSignedInUser,
  type SignedInUser,
  SUM_PROBLEM,
  startCodingAttempt,
} from './factories';
import { buildTeam, type Team } from './fixtures/team';
import { openTestDatabase, POSTGRES_TEST_URL } from './test-databases';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Requester {
  request(
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** POSTs a prepared body with its own headers (a multipart form: fixtures/face.ts multipart()). */
  postForm(url: string, body: { payload: Buffer; headers: Record<string, string> }): Promise<LightMyRequestResponse>;
}

/** Requests as `user` (its session cookie), or without a session for null. */
export function as(app: FastifyInstance, user: Pick<SignedInUser, 'cookie'> | null): Requester {
  const request: Requester['request'] = (method, url, payload, headers = {}) => {
    const opts: InjectOptions = { method, url, headers: user ? { cookie: user.cookie, ...headers } : headers };
    if (payload !== undefined) opts.payload = payload as InjectOptions['payload'];
    return app.inject(opts);
  };
  return {
    request,
    get: (url, headers) => request('GET', url, undefined, headers),
    post: (url, payload, headers) => request('POST', url, payload, headers),
    put: (url, payload, headers) => request('PUT', url, payload, headers),
    patch: (url, payload, headers) => request('PATCH', url, payload, headers),
    delete: (url, headers) => request('DELETE', url, undefined, headers),
    postForm: (url, body) => request('POST', url, body.payload, body.headers),
  };
}

export interface UsedTestApp {
  readonly app: FastifyInstance;
  readonly deps: AppDeps;
  readonly clock: TestClock;
  /** Requests with this user's session (null: none). */
  as(user: Pick<SignedInUser, 'cookie'> | null): Requester;
  /** Signs a new user up and in through the API. */
  signIn(opts?: Parameters<typeof createSignedInUser>[1]): Promise<SignedInUser>;
}

/**
 * Builds the app once for the calling test file (beforeAll) and closes it (afterAll). Overrides are extra
 * deps (a fake judge, health parts), or a function that makes them when the hooks run.
 */
export function useTestApp(overrides: Partial<AppDeps> | (() => Partial<AppDeps>) = {}): UsedTestApp {
  let built: TestApp | null = null;
  const current = () => {
    if (!built) throw new Error('useTestApp(): the app exists inside tests and hooks only');
    return built;
  };
  beforeAll(async () => {
    built = await buildTestApp(typeof overrides === 'function' ? overrides() : overrides);
  });
  afterAll(async () => {
    await built?.close();
    built = null;
  });
  return {
    get app() {
      return current().app;
    },
    get deps() {
      return current().deps;
    },
    get clock() {
      return current().clock;
    },
    as: (user) => as(current().app, user),
    signIn: (opts) => createSignedInUser(current().app, opts),
  };
}

/**
 * A migrated database of its own on the PostgreSQL server (TEST_DATABASE_URL, default the local one) for the calling
 * test file, whatever the run's database mode: for files whose subject is the shared server (leases, LISTEN, other
 * processes on the same database). Call it before the file's own hooks: it opens before their beforeAll and is
 * closed and dropped after their afterAll (vitest runs after-hooks in reverse order).
 */
export function usePostgresDatabase(): { readonly database: Database } {
  let opened: { database: Database; drop: () => Promise<void> } | null = null;
  beforeAll(async () => {
    opened = await openTestDatabase({ serverUrl: POSTGRES_TEST_URL });
  });
  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop();
    opened = null;
  });
  return {
    get database() {
      if (!opened) throw new Error('usePostgresDatabase(): the database exists inside tests and hooks only');
      return opened.database;
    },
  };
}

/**
 * Waits until `check()` is true, asking every `everyMs`; past `ms` it throws, with `state()` in the message when
 * given (what the test saw last).
 */
export async function until(
  check: () => Promise<boolean>,
  ms: number,
  opts: { everyMs?: number; state?: () => string } = {},
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not reached in time${opts.state ? `: ${opts.state()}` : ''}`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 100));
  }
}

/**
 * An object filled by `make()` in a beforeAll of the calling file (registered after useTestApp's, so the app
 * exists): the file declares it once as a const and reads its fields inside tests and later hooks.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>): T {
  const made = {} as T;
  beforeAll(async () => {
    Object.assign(made, await make());
  });
  return made;
}

/** A user signed up and in through the API once for the file (a candidate unless `role` says otherwise). */
export function useSignedIn(t: Pick<UsedTestApp, 'signIn'>, opts?: Parameters<UsedTestApp['signIn']>[0]): SignedInUser {
  return madeBeforeAll(() => t.signIn(opts));
}

/** A company with one member of every role (fixtures/team.ts), made once for the file. */
export function useTeam(t: Pick<UsedTestApp, 'app' | 'deps'>): Team {
  return madeBeforeAll(() => buildTeam(t));
}

/**
 * The REAL sandboxed judge with a judging service on the file's app: made and started in a beforeAll, stopped
 * and closed in an afterAll (which runs before useTestApp's, so before the app closes).
 */
export function useRealJudge(t: Pick<UsedTestApp, 'deps'>, opts: CreateJudgeOptions = {}): { readonly judge: Judge } {
  let judge: Judge | null = null;
  beforeAll(async () => {
    judge = createJudge(opts);
    await attachJudging(t, judge);
  });
  afterAll(async () => {
    await t.deps.judging?.stop();
    await judge?.close();
    judge = null;
  });
  return {
    get judge() {
      if (!judge) throw new Error('useRealJudge(): the judge exists inside tests and hooks only');
      return judge;
    },
  };
}

/**
 * An employer's coding test (the judgeable SUM_PROBLEM and 60 minutes unless `spec` says otherwise) with an
 * attempt started by each of `candidates` (default 1) signed-in candidates, made once for the file.
 */
export function useStartedCodingTest(
  t: Pick<UsedTestApp, 'deps' | 'signIn'>,
  { candidates: count = 1, ...spec }: Omit<CodingTestSpec, 'employer'> & { candidates?: number } = {},
) {
  const employer = {} as SignedInUser;
  const candidates = Array.from({ length: count }, () => ({}) as SignedInUser);
  const test = { id: '' };
  beforeAll(async () => {
    Object.assign(employer, await t.signIn({ role: 'employer' }));
    for (const c of candidates) Object.assign(c, await t.signIn());
    const built = await buildCodingTest(t.deps.db, { problems: [SUM_PROBLEM], duration: 60, ...spec, employer });
    test.id = built.test.id;
    for (const c of candidates) await startCodingAttempt(t.deps, c.id, test.id);
  });
  return { employer, candidate: candidates[0]!, candidates, test };
}
