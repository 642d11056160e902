/** The server's notion of now; tests swap it to move time. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
