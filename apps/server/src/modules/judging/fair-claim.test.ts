/**
 * The global fairness lanes (issue 28): the order in which claimFairest() hands out waiting submissions,
 * straight against the database (PGlite here; PostgreSQL with TEST_DATABASE_URL). The same claims made by
 * two API processes and two worker processes are in ../../cross-process.test.ts.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/support';
import { submissions } from '../../db/schema';
import { claimFairest } from './fair-claim';
import { STALE_RUNNING_MS } from './judge-submission';

const t = useTestApp();

/** A flooder with three queued submissions (oldest first), then two candidates with one each. */
async function queue() {
  const { test, problems } = await buildCodingTest(t.deps.db, { problems: 1 });
  const [f, g, h] = await Promise.all([1, 2, 3].map(() => createSignedInUser(t.app)));
  const base = t.clock.now().getTime() - 60_000;
  const row = (userId: string, n: number, label: string) => ({
    testId: test.id,
    userId,
    questionId: problems[0]!.id,
    questionNumber: 0,
    language: 'python',
    code: `# ${label}`,
    status: 'queued' as const,
    createdAt: new Date(base + n * 1000),
  });
  const rows = await t.deps.db
    .insert(submissions)
    .values([row(f!.id, 0, 'F1'), row(f!.id, 1, 'F2'), row(f!.id, 2, 'F3'), row(g!.id, 3, 'G'), row(h!.id, 4, 'H')])
    .returning({ id: submissions.id, code: submissions.code });
  const label = new Map(rows.map((r) => [r.id, r.code.slice(2)]));
  return { label, ids: rows.map((r) => r.id) };
}

async function claim(label: Map<string, string>): Promise<string | null> {
  const row = await claimFairest(t.deps);
  return row ? (label.get(row.id) ?? 'someone else') : null;
}

const finish = (labelled: Map<string, string>, ...which: string[]) =>
  t.deps.db
    .update(submissions)
    .set({ status: 'judged', judgedAt: t.clock.now() })
    .where(
      inArray(
        submissions.id,
        [...labelled].filter(([, l]) => which.includes(l)).map(([id]) => id),
      ),
    );

describe('claimFairest', () => {
  it('serves one worker round-robin: every candidate once before the flooder again', async () => {
    const { label, ids } = await queue();
    const order: string[] = [];
    for (;;) {
      const next = await claim(label);
      if (!next) break;
      order.push(next);
      // one worker: it judges what it claimed before it claims again
      await finish(label, next);
      t.clock.advance(1000);
    }
    expect(order).toEqual(['F1', 'G', 'H', 'F2', 'F3']);
    const rows = await t.deps.db.select().from(submissions).where(inArray(submissions.id, ids));
    expect(rows.every((r) => r.status === 'judged' && r.judgeAttempts === 1)).toBe(true);
  });

  it('gives two workers claiming at once two different candidates, and the flooder no second turn meanwhile', async () => {
    const { label } = await queue();
    const first = await Promise.all([claim(label), claim(label)]);
    expect(first.sort()).toEqual(['F1', 'G']);
    expect(await claim(label)).toBe('H');
    // nobody else is waiting: the flooder's next, even with its first still running
    expect(await claim(label)).toBe('F2');
    await finish(label, 'F1', 'G', 'H', 'F2');
    expect(await claim(label)).toBe('F3');
    expect(await claim(label)).toBeNull();
    await finish(label, 'F3');
  });

  it("takes over a dead worker's row once its claim is stale, never a live one", async () => {
    const { label, ids } = await queue();
    await t.deps.db
      .update(submissions)
      .set({ status: 'judged' })
      .where(inArray(submissions.id, ids.slice(1)));
    expect(await claim(label)).toBe('F1');
    // the claim is fresh (a worker is judging it and beating): nothing to take
    expect(await claim(label)).toBeNull();
    t.clock.advance(STALE_RUNNING_MS + 1000);
    expect(await claim(label)).toBe('F1');
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, ids[0]!));
    expect(row?.judgeAttempts).toBe(2);
  });
});
