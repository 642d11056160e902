import type { Plan } from '../plan';
import type { Toolchain } from '../toolchain-kit';
import type { Language } from '../types';

/**
 * One language beyond the first five, kept in a file of its own: how its toolchain is found, how a program is
 * compiled and run, and the limits its runtime needs. The judge core knows nothing language-specific about it.
 */
export interface LanguageDef {
  id: Language;
  /** Shown in pickers and `languages()`. */
  name: string;
  /** Finds the toolchain on this machine (never throws; a missing one is `available: false`). */
  detect(): Promise<Toolchain>;
  /**
   * Builds a cache for the compiler once, outside any sandbox (e.g. Kotlin's class-data archive of its compiler):
   * a file under `cacheDir` that `plan` binds read-only, or null when there is none (the compile works without).
   */
  buildCache?(cacheDir: string, tc: Toolchain): Promise<string | null>;
  /** What to write, compile and run for one submission; `cache` is what `buildCache` returned. */
  plan(code: string, tc: Toolchain, memoryMb: number, cache?: string | null): Plan;
}
