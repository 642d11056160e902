import { JudgeQueueFullError } from './types';

/**
 * Bounded in-process pool: `concurrency` tasks run at once, `maxQueue` wait; anything beyond is rejected at
 * once with JudgeQueueFullError so the HTTP layer can answer 503 + Retry-After instead of hanging.
 */
export class Pool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private closed = false;
  /** Moving average of task duration, used for the Retry-After estimate. */
  private avgMs = 1000;

  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('judge is closed');
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw new JudgeQueueFullError(this.retryAfterSeconds());
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const started = Date.now();
    try {
      return await task();
    } finally {
      this.avgMs = this.avgMs * 0.8 + (Date.now() - started) * 0.2;
      const next = this.waiting.shift();
      // hand the slot straight to the next waiter so `running` never under-counts
      if (next) next();
      else this.running--;
    }
  }

  retryAfterSeconds(): number {
    const waves = Math.ceil((this.waiting.length + 1) / Math.max(1, this.concurrency));
    return Math.max(1, Math.min(60, Math.ceil((waves * this.avgMs) / 1000)));
  }

  stats() {
    return {
      running: this.running,
      queued: this.waiting.length,
      concurrency: this.concurrency,
      maxQueue: this.maxQueue,
    };
  }

  /** Stops accepting work and waits for running and queued tasks to finish. */
  async drain(): Promise<void> {
    this.closed = true;
    while (this.running > 0 || this.waiting.length > 0) await new Promise((r) => setTimeout(r, 20));
  }
}
