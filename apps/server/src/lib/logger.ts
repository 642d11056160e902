/**
 * The server's logger (issue 23): secrets and personal data never reach the logs. Request lines keep the path
 * with every query value and every token-like path segment replaced (invitation and reset tokens, SSO codes
 * and state, emails in look-ups), and a redaction list censors the same keys in any object that is logged.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

const CENSOR = '[redacted]';
/** Keys censored wherever they appear (top level and one level down) in a logged object. */
export const REDACTED_KEYS = [
  'password',
  'currentPassword',
  'token',
  'secret',
  'clientSecret',
  'authorization',
  'cookie',
  'code',
  'state',
  'email',
  'headers',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_LIKE = /^[A-Za-z0-9_.%~-]{24,}$/;

/** The URL as a log line may show it: the path with token-like segments and all query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q < 0 ? url : url.slice(0, q);
  const safePath = pathPart
    .split('/')
    .map((seg) => (TOKEN_LIKE.test(seg) && !UUID.test(seg) ? CENSOR : seg))
    .join('/');
  if (q < 0) return safePath;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${CENSOR}`);
  return `${safePath}?${keys.join('&')}`;
}

export function createServerLogger(level: string, stream?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_KEYS.flatMap((k) => [k, `*.${k}`]), censor: CENSOR },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; id?: unknown }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
    },
  };
  return stream ? pino(options, stream) : pino(options);
}
