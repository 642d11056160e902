/**
 * A background loop: a pass every intervalMs (and one at start when runAtStart is set). Passes never overlap (a
 * tick while one runs is skipped); a failing pass is logged with failMessage and the next one runs as usual.
 * stop() clears the timer and waits for the pass under way.
 */
export interface PassLoopOptions {
  /** One pass; its promise settles when the pass is done. */
  pass: () => Promise<unknown>;
  intervalMs: number;
  log: { error: (obj: { err: unknown }, msg: string) => void };
  failMessage: string;
  runAtStart?: boolean;
}

export function createPassLoop({ pass: run, intervalMs, log, failMessage, runAtStart = false }: PassLoopOptions) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const pass = () => {
    running ??= run()
      .catch((err) => log.error({ err }, failMessage))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    start() {
      timer = setInterval(pass, intervalMs);
      timer.unref();
      if (runAtStart) void pass();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
