import { createContext, useContext } from 'react';

/**
 * The wrapper's states (issue 17): off (not proctored), pending (camera starting, first check), ok, alert (a
 * face flag the server recorded), camera-off (camera refused or lost), offline (network or session trouble).
 * Proctoring is reported active to the page only in `ok`.
 */
export type ProctoringState = 'off' | 'pending' | 'ok' | 'alert' | 'camera-off' | 'offline';

export interface ProctoringStatus {
  state: ProctoringState;
  active: boolean;
}

export const ProctoringContext = createContext<ProctoringStatus>({ state: 'pending', active: false });

/** For the test pages inside <ProctoringWrapper>: { state, active }. */
export function useProctoring(): ProctoringStatus {
  return useContext(ProctoringContext);
}

/** Heartbeat every 10 s (the server answers spot-check challenges on it); on-device checks at least every 2 s. */
export const DEFAULT_INTERVALS = { heartbeatMs: 10_000, deviceCheckMs: 2_000 };

/** Issue 41: how long the entry step's live check runs before the start without it is offered. */
export const LIVE_FALLBACK_MS = 60_000;

declare global {
  interface Window {
    /** TESTS ONLY (e2e/proctoring.e2e.ts sets it before the page loads): shorter intervals. */
    __ASSESSLY_PROCTORING_INTERVALS__?: { heartbeatMs?: number; deviceCheckMs?: number; liveFallbackMs?: number };
  }
}

/** The live check's time before the fallback is offered (TESTS ONLY may shorten it, never below 5 s). */
export function liveFallbackMs(): number {
  const v = typeof window !== 'undefined' ? window.__ASSESSLY_PROCTORING_INTERVALS__?.liveFallbackMs : undefined;
  return typeof v === 'number' && v >= 5_000 ? v : LIVE_FALLBACK_MS;
}

export function checkIntervals(): { heartbeatMs: number; deviceCheckMs: number } {
  const o = typeof window !== 'undefined' ? window.__ASSESSLY_PROCTORING_INTERVALS__ : undefined;
  const pick = (v: number | undefined, d: number) => (typeof v === 'number' && v >= 500 ? v : d);
  return {
    heartbeatMs: pick(o?.heartbeatMs, DEFAULT_INTERVALS.heartbeatMs),
    deviceCheckMs: pick(o?.deviceCheckMs, DEFAULT_INTERVALS.deviceCheckMs),
  };
}
