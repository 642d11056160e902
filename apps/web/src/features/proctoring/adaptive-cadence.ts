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
