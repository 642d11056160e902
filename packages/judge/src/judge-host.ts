/**
 * Child-process host for a judge (see judge-process.ts). Spawning sandboxes from a small process is cheaper
 * than from a big one: fork/exec cost grows with the parent's memory map, and an API server holding an
 * embedded PGlite database is large. Messages: {id, op, args} in, {id, ok, value | error} out.
 */
import os from 'node:os';
import { createJudge, judgeNice } from './judge';
import { JudgeQueueFullError } from './types';

type Request = { id: number; op: 'judge' | 'project' | 'stacks' | 'languages' | 'warmup' | 'close'; args: unknown[] };

const opts = JSON.parse(process.env.ASSESSLY_JUDGE_OPTIONS ?? '{}');
// This process only serves the judge: it (spawns, output comparison, cache builds) yields to the server too.
// Only ever nicer than the server that started it.
if (judgeNice(opts.nice) > os.getPriority()) os.setPriority(judgeNice(opts.nice));
const judge = createJudge(opts);
const send = (msg: unknown) => process.send?.(msg);

process.on('message', async (msg: Request) => {
  try {
    let value: unknown;
    if (msg.op === 'judge') value = await judge.judge(msg.args[0] as never);
    else if (msg.op === 'project') value = await judge.project?.(msg.args[0] as never);
    else if (msg.op === 'stacks') value = await judge.stacks?.();
    else if (msg.op === 'languages') value = await judge.languages();
    // IPC turns an undefined argument into null; warmup() wants undefined for "every language".
    else if (msg.op === 'warmup') value = await judge.warmup((msg.args[0] ?? undefined) as never);
    else if (msg.op === 'close') value = await judge.close();
    send({ id: msg.id, ok: true, value });
    if (msg.op === 'close') process.disconnect?.();
  } catch (err) {
    const e = err as Error;
    const retryAfterSeconds = err instanceof JudgeQueueFullError ? err.retryAfterSeconds : undefined;
    send({ id: msg.id, ok: false, error: { name: e.name, message: e.message, retryAfterSeconds } });
  }
});
// The parent going away ends the host (its sandboxes die with it through --die-with-parent).
process.on('disconnect', () => process.exit(0));
send({ ready: true, isolation: judge.isolation(), stats: judge.stats() });
