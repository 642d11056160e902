/** Factories that make each test's data unique, and helpers that sign in through the real API. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import {
  codingProblems,
  companies,
  type FunctionSignatureJson,
  type IoPair,
  type ProblemRow,
  tests,
  type UserRow,
  users,
} from '../src/db/schema';
import type { AppDeps } from '../src/deps';
import { startAttempt } from '../src/modules/attempts/attempts.service';
import { testDeps } from './build-test-app';

let seq = 0;
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}.${seq}.${Math.random().toString(36).slice(2, 6)}@example.test`;
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  role: 'candidate' | 'employer';
  cookie: string;
  companyId: string | null;
}

export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const found = list.find((c) => typeof c === 'string' && c.startsWith('assessly_session='));
  if (!found) throw new Error('no session cookie was set');
  return (found as string).split(';')[0]!;
}

/** Signs up and signs in a user through the API; returns its id and session cookie. */
export async function createSignedInUser(
  app: FastifyInstance,
  opts: {
    role?: 'candidate' | 'employer';
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    /** Marks the email verified (as following the emailed link would); default true. */
    verified?: boolean;
  } = {},
): Promise<SignedInUser> {
  const role = opts.role ?? 'candidate';
  const email = opts.email ?? uniqueEmail(role);
  const password = opts.password ?? 'Passw0rd!x';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/users/add',
    payload: { firstName: opts.firstName ?? 'Test', lastName: opts.lastName ?? role, email, password, role },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  if (opts.verified ?? true) await markEmailVerified(app, email);
  const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const body = login.json();
  return { id: body.id, email, password, role, cookie: sessionCookie(login), companyId: body.companyId };
}

/** Appears only in hidden test cases, solutions and explanations: tests grep responses for it to find leaks. */
export const HIDDEN_MARKER = 'HIDDEN-MARKER-7f3a';

export interface ProblemSpec {
  title?: string;
  description?: string;
  marks?: number;
  examples?: IoPair[];
  testCases?: IoPair[];
  timeLimitMs?: number;
  constraints?: string[];
  solution?: string;
  starterCode?: Record<string, string>;
  /** Function problems (issue 25). */
  kind?: 'stdio' | 'function' | 'sql';
  signature?: FunctionSignatureJson | null;
  unorderedResult?: boolean;
  /** An SQL problem's schema (issue 25). */
  sqlSchema?: string | null;
  orderMatters?: boolean;
  floatTolerance?: number | null;
}

/** "Print the sum of two integers" that the real judge can pass: one visible example, one hidden case, 20 marks. */
export const SUM_PROBLEM: ProblemSpec = {
  title: 'Sum',
  marks: 20,
  examples: [{ input: '1 2\n', output: '3\n' }],
  testCases: [{ input: '40 2\n', output: '42\n' }],
};

/** The default problem: its hidden case and solution carry HIDDEN_MARKER (not meant to be judged). */
function defaultProblem(i: number): ProblemSpec {
  return {
    title: `Problem ${i + 1}`,
    description: '<p>Add two numbers</p>',
    marks: 10,
    examples: [{ input: '1 2', output: '3' }],
    testCases: [
      { input: '1 2', output: '3' },
      { input: `${HIDDEN_MARKER} 40 2`, output: `${HIDDEN_MARKER}42` },
    ],
    solution: `print(${JSON.stringify(HIDDEN_MARKER)})`,
    starterCode: { python: '# write here' },
  };
}

export interface CodingTestSpec {
  /** The owning employer; created (with a company of its own) when missing. */
  employer?: { id: string; companyId?: string | null };
  name?: string;
  /** Minutes each candidate has (default 30). */
  duration?: number;
  /** The window; both null (always open) by default. */
  startTime?: Date | null;
  endTime?: Date | null;
  isActive?: boolean;
  totalMarks?: number;
  passingMarks?: number;
  /** The problems: specs (unset fields empty), or a count of default problems (default 2). */
  problems?: ProblemSpec[] | number;
  /** Shorthand: default problems with these marks. */
  marks?: number[];
  /** Webcam proctoring; null (the default) is the test type's default, on for coding tests. */
  proctoring?: boolean | null;
}

/** Inserts an employer with a company of its own, straight into the database (it cannot sign in). */
export async function buildEmployer(db: Db): Promise<UserRow> {
  const email = uniqueEmail('employer');
  const [company] = await db.insert(companies).values({ name: 'Factory company', email }).returning();
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: 'not-a-hash',
      firstName: 'Factory',
      lastName: 'Employer',
      role: 'employer',
      companyId: company!.id,
      companyRole: 'admin',
    })
    .returning();
  return user!;
}

/**
 * THE coding-test factory: a CODING test with its problems (in questionIds order) straight through the
 * database, independent of the authoring API; creates the employer when none is given.
 */
export async function buildCodingTest(db: Db, spec: CodingTestSpec = {}) {
  const given = spec.employer;
  const employer = given ? { id: given.id, companyId: given.companyId ?? null } : await buildEmployer(db);
  const specs: ProblemSpec[] = Array.isArray(spec.problems)
    ? spec.problems
    : spec.marks
      ? spec.marks.map((marks, i) => ({ ...defaultProblem(i), marks }))
      : Array.from({ length: spec.problems ?? 2 }, (_, i) => defaultProblem(i));
  const [test] = await db
    .insert(tests)
    .values({
      companyId: employer.companyId,
      createdBy: employer.id,
      testName: spec.name ?? 'Coding round',
      testType: 'CODING',
      duration: spec.duration ?? 30,
      startTime: spec.startTime ?? null,
      endTime: spec.endTime ?? null,
      isActive: spec.isActive ?? true,
      totalMarks: spec.totalMarks ?? 100,
      passingMarks: spec.passingMarks ?? 50,
      proctoring: spec.proctoring ?? null,
    })
    .returning();
  const problems: ProblemRow[] = [];
  for (const [i, p] of specs.entries()) {
    const [row] = await db
      .insert(codingProblems)
      .values({
        testId: test!.id,
        companyId: employer.companyId,
        createdBy: employer.id,
        title: p.title ?? `Problem ${i + 1}`,
        description: p.description ?? 'Read the input and print the answer.',
        marks: p.marks ?? 10,
        examples: p.examples ?? [],
        testCases: p.testCases ?? [],
        timeLimitMs: p.timeLimitMs ?? 2000,
        constraints: p.constraints ?? [],
        solution: p.solution ?? '',
        starterCode: p.starterCode ?? {},
        kind: p.kind ?? 'stdio',
        signature: p.signature ?? null,
        unorderedResult: p.unorderedResult ?? false,
        sqlSchema: p.sqlSchema ?? null,
        orderMatters: p.orderMatters ?? false,
        floatTolerance: p.floatTolerance ?? null,
      })
      .returning();
    problems.push(row!);
  }
  const [withIds] = await db
    .update(tests)
    .set({ questionIds: problems.map((p) => p.id) })
    .where(eq(tests.id, test!.id))
    .returning();
  return { test: withIds!, problems, employer };
}

/** Starts the candidate's attempt through the real attempts service. */
export async function startCodingAttempt(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, testId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return startAttempt(deps, user!, testId);
}

export async function loadUser(deps: Pick<AppDeps, 'db'>, userId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user!;
}

/** Marks an account's email verified directly in the test database (the link flow has its own tests). */
export async function markEmailVerified(app: FastifyInstance, email: string): Promise<void> {
  const deps = testDeps.get(app);
  if (!deps) throw new Error('markEmailVerified needs an app made by buildTestApp()');
  await deps.database.query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [email]);
}
