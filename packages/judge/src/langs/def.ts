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
  /** What to write, compile and run for one submission. */
  plan(code: string, tc: Toolchain, memoryMb: number): Plan;
}
