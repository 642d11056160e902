import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  /** Base URL of the web app used in emailed links and candidate links. */
  publicUrl: string;
  /** When set, face calls go to a separate face service at this URL with the shared secret. */
  faceServiceUrl: string | null;
  faceServiceSecret: string | null;
  judgeConcurrency: number | null;
  webDist: string | null;
  production: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits key on it): false (default,
   * the socket's address), a hop count, or addresses/CIDRs. `true` would let any client pick its own address.
   */
  trustProxy: boolean | number | string[];
  /** WEBHOOK_ALLOW_PRIVATE=1: webhooks may target loopback/private addresses (tests, on-premises receivers). */
  webhookAllowPrivate?: boolean;
}

/** TRUST_PROXY: unset/false → false; a number → that many hops; true → true; else a comma list of addresses. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    faceServiceUrl: env.FACE_SERVICE_URL || null,
    faceServiceSecret: env.FACE_SERVICE_SECRET || null,
    judgeConcurrency: env.JUDGE_CONCURRENCY ? Number(env.JUDGE_CONCURRENCY) : null,
    webDist: env.WEB_DIST ?? null,
    production: env.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
  };
}
