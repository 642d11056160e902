/**
 * How long to wait before the next on-device check (issue 26): the base interval while anything looks off or
 * changes, stretching by half each calm check up to four times the base while the candidate sits alone and still.
 * The first check that is not calm snaps back to the base, so a second person or a phone is seen within one
 * base interval of the next check.
 */
export class AdaptiveCadence {
  private interval: number;
  constructor(
    private readonly baseMs: number,
    private readonly maxFactor = 4,
  ) {
    this.interval = baseMs;
  }

  /** One check's outcome: calm = exactly one face and no phone. */
  observe(calm: boolean) {
    this.interval = calm ? Math.min(this.interval * 1.5, this.baseMs * this.maxFactor) : this.baseMs;
  }

  nextMs(): number {
    return Math.round(this.interval);
  }
}

/**
 * Whether an on-device check lets the cadence stretch: exactly one face and no phone at all, not even a single
 * sighting that has not yet made the k-of-n phone rule fire (issue 27). A sighting brings the next check to the
 * base interval, so a phone kept in view meets the rule within seconds instead of at the idle cadence.
 */
export function isCalm(check: { faces: number; phone: boolean; phoneScore: number | null }): boolean {
  return check.faces === 1 && !check.phone && check.phoneScore === null;
}
