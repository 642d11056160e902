/**
 * Every environment variable the server's processes read is read here and nowhere else (the README's
 * configuration table lists them): `readConfig()` for the API server and the judge worker,
 * `readFaceServiceConfig()` for the standalone face service.
 */
import path from 'node:path';
import { DEFAULT_PASSWORD_COST, type PasswordCost } from './lib/passwords';

export type FaceEngineMode = 'child' | 'in-process' | 'off';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  /** CONTACT_EMAIL: where the public contact form's messages are mailed; unset: the form is not offered. */
  contactEmail?: string | null;
  /** Base URL of the web app used in emailed links and candidate links. */
  publicUrl: string;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** Requests a minute per IP on sign-in, sign-up and password reset. */
  authRateLimit: number;
  /** With this token (header `X-Health-Token`) /api/health answers its details; unset: to nobody (issue 42). */
  healthToken: string | null;
  /** Issue 23: the key that seals webhook and SSO secrets at rest (SECRETS_KEY, else <DATA_DIR>/secrets.key). */
  secretsKey: string | null;
  /** When set, face calls go to a separate face service at this URL with the shared secret. */
  faceServiceUrl: string | null;
  faceServiceSecret: string | null;
  /** Without FACE_SERVICE_URL: the face service as a child process (default), in this process, or off (503). */
  faceEngine: FaceEngineMode;
  /** Judge runs at once; null: one per core. */
  judgeConcurrency: number | null;
  /** false (JUDGE_WORKERS=0, PostgreSQL only): this process only enqueues; worker.ts processes judge. */
  judgeWorkers: boolean;
  /** Stored, unjudged submissions before run/submit answer 503; null: the queue's default (200). */
  judgeMaxBacklog: number | null;
  /** JUDGE_NICE (0..19, default 10): CPU priority of compiles and runs below the server's; 0 = the same. */
  judgeNice: number;
  /**
   * FACE_NICE (0..19): CPU priority of the face service child process below the server's. Default 15 (below the
   * judge) on the embedded database, 10 (beside the judge) with DATABASE_URL: measured drives (docs/DEPLOY.md),
   * 15 kept an embedded 150-candidate drive's Runs fast with every face check answered, but starved the face
   * service of a PostgreSQL one, where the database server's processes also run above it.
   */
  faceNice: number;
  webDist: string | null;
  production: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits key on it): false (default,
   * the socket's address), a hop count, or addresses/CIDRs. `true` would let any client pick its own address.
   */
  trustProxy: boolean | number | string[];
  /**
   * Sign-in and sign-up requests a minute from one address (SIGNIN_IP_RATE_LIMIT, default 1000): a ceiling
   * high enough for a test centre behind one NAT; guessing is stopped per account (signinAccountLimit).
   */
  signinIpRateLimit: number;
  /** Failed sign-ins of one account in 15 minutes before that account is throttled (SIGNIN_ACCOUNT_LIMIT, 10). */
  signinAccountLimit: number;
  /** WEBHOOK_ALLOW_PRIVATE=1: webhooks may target loopback/private addresses (tests, on-premises receivers). */
  webhookAllowPrivate?: boolean;
  /** argon2id cost of new password hashes (ARGON2_MEMORY_KIB, default 19456; ARGON2_TIME_COST, default 2). */
  passwordCost: PasswordCost;
  /** INTERVIEW_ICE_SERVERS: JSON list of WebRTC STUN/TURN servers for interview video (default none: one network). */
  interviewIceServers?: IceServer[];
  /**
   * Issue 44: the AI assistant's OpenAI-compatible chat-completions endpoint (AI_BASE_URL, e.g.
   * http://127.0.0.1:11434/v1 for Ollama), its key (AI_API_KEY, never sent to a browser or logged) and model
   * (AI_MODEL). Without AI_BASE_URL and AI_MODEL the assistant is off on this server.
   */
  ai?: AiConfig | null;
}

export interface AiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** AI_TIMEOUT_MS (default 60000): the longest an answer may take, from the question to its last word. */
  timeoutMs: number;
}

/** AI_BASE_URL + AI_MODEL (AI_API_KEY optional: local servers need none); either missing: null. */
export function readAiConfig(env: NodeJS.ProcessEnv): AiConfig | null {
  const baseUrl = env.AI_BASE_URL?.trim();
  const model = env.AI_MODEL?.trim();
  if (!baseUrl || !model) return null;
  if (!/^https?:\/\//.test(baseUrl)) throw new Error('AI_BASE_URL must be an http(s) URL');
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    apiKey: env.AI_API_KEY?.trim() || 'none',
    model,
    timeoutMs: positiveInt(env.AI_TIMEOUT_MS, 60_000, 'AI_TIMEOUT_MS'),
  };
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** INTERVIEW_ICE_SERVERS as JSON (`[{"urls":"stun:stun.example.org"}]`); unset: none. */
export function parseIceServers(value: string | undefined): IceServer[] {
  if (!value?.trim()) return [];
  const parsed: unknown = JSON.parse(value);
  const ok =
    Array.isArray(parsed) &&
    parsed.every(
      (s) =>
        s &&
        typeof s === 'object' &&
        (typeof s.urls === 'string' || (Array.isArray(s.urls) && s.urls.every((u: unknown) => typeof u === 'string'))),
    );
  if (!ok) throw new Error('INTERVIEW_ICE_SERVERS must be a JSON list of {"urls": ...} objects');
  return parsed as IceServer[];
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

function parsePort(name: string, value: string | undefined, fallback: number): number {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be a port number, got ${value}`);
  return port;
}

function optionalNumber(value: string | undefined): number | null {
  return value && Number.isFinite(Number(value)) ? Number(value) : null;
}

function parseFaceEngine(env: NodeJS.ProcessEnv): FaceEngineMode {
  if (env.FACE_ENGINE === 'off') return 'off';
  return env.FACE_IN_PROCESS === '1' ? 'in-process' : 'child';
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort('PORT', env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    contactEmail: env.CONTACT_EMAIL?.trim() || null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    authRateLimit: optionalNumber(env.AUTH_RATE_LIMIT) ?? 20,
    healthToken: env.HEALTH_TOKEN || null,
    secretsKey: env.SECRETS_KEY || null,
    faceServiceUrl: env.FACE_SERVICE_URL || null,
    faceServiceSecret: env.FACE_SERVICE_SECRET || null,
    faceEngine: parseFaceEngine(env),
    judgeConcurrency: optionalNumber(env.JUDGE_CONCURRENCY),
    judgeWorkers: env.JUDGE_WORKERS !== '0',
    judgeMaxBacklog: optionalNumber(env.JUDGE_MAX_BACKLOG),
    judgeNice: niceValue('JUDGE_NICE', env.JUDGE_NICE),
    faceNice: niceValue('FACE_NICE', env.FACE_NICE, env.DATABASE_URL ? 10 : 15),
    webDist: env.WEB_DIST ?? null,
    production: env.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signinIpRateLimit: positiveInt(env.SIGNIN_IP_RATE_LIMIT, 1000, 'SIGNIN_IP_RATE_LIMIT'),
    signinAccountLimit: positiveInt(env.SIGNIN_ACCOUNT_LIMIT, 10, 'SIGNIN_ACCOUNT_LIMIT'),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
    ai: readAiConfig(env),
    passwordCost: {
      memoryKib: positiveInt(env.ARGON2_MEMORY_KIB, DEFAULT_PASSWORD_COST.memoryKib, 'ARGON2_MEMORY_KIB'),
      timeCost: positiveInt(env.ARGON2_TIME_COST, DEFAULT_PASSWORD_COST.timeCost, 'ARGON2_TIME_COST'),
    },
    interviewIceServers: parseIceServers(env.INTERVIEW_ICE_SERVERS),
  };
}

export interface FaceServiceConfig {
  port: number;
  host: string;
  secret: string | null;
  logLevel: string;
}

/** The standalone face service (face-service.ts): FACE_PORT (or PORT, default 3100), HOST (default loopback). */
export function readFaceServiceConfig(env: NodeJS.ProcessEnv = process.env): FaceServiceConfig {
  return {
    port: parsePort('FACE_PORT', env.FACE_PORT ?? env.PORT, 3100),
    host: env.HOST ?? '127.0.0.1',
    secret: env.FACE_SERVICE_SECRET || null,
    logLevel: env.LOG_LEVEL || 'info',
  };
}

function niceValue(name: string, value: string | undefined, fallback = 10): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 19) throw new Error(`${name} must be a whole number 0..19, got ${value}`);
  return n;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got ${value}`);
  return n;
}
