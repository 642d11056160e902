// Window properties the e2e tests set or read in the page (the app declares its own test hook in
// apps/web/src/features/proctoring/proctoring-context.ts; e2e does not compile the web app).
declare global {
  interface Window {
    /** TEST-ONLY: shorter proctoring intervals, read by the web app at start. */
    __ASSESSLY_PROCTORING_INTERVALS__?: { heartbeatMs?: number; deviceCheckMs?: number; liveFallbackMs?: number };
    /** Set by an injected script if a sanitised description ever ran it. */
    __pwned?: number;
  }
}

export {};
