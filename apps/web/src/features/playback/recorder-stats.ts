/**
 * Main-thread time spent by the edit recorder (issue 29), kept for the benchmark (e2e/measure-recorder.ts reads
 * `window.__ASSESSLY_RECORDER__`): two clock reads per editor change or device save, nothing sent anywhere.
 */
export const recorderStats = { changes: 0, ms: 0 };

if (typeof window !== 'undefined') {
  (window as unknown as { __ASSESSLY_RECORDER__: typeof recorderStats }).__ASSESSLY_RECORDER__ = recorderStats;
}

/** Runs `fn`, adding its duration to the recorder's main-thread time. */
export function timed<T>(fn: () => T): T {
  const began = performance.now();
  try {
    return fn();
  } finally {
    recorderStats.ms += performance.now() - began;
  }
}
