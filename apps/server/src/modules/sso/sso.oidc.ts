/**
 * The OpenID Connect client side (openid-client): discovery, the authorization URL with PKCE, state and
 * nonce, and the code exchange with ID token validation. Every request to the issuer goes through a fetch
 * that refuses private addresses (the issuer URL is typed by a company admin: a server-side request forgery
 * vector) unless outbound private calls are allowed.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import * as client from 'openid-client';
import { AppError } from '../../lib/errors';
import { guardedLookup, isPrivateAddress } from '../webhooks/webhooks.url-guard';

/** A provider's answers (metadata, keys, tokens, userinfo) are small; anything bigger is refused. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface Provider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Issue 23: the address is checked and connected to in one step (the socket's own lookup refuses private
 * addresses), so a provider's DNS cannot answer a public address to the check and a private one to the
 * connection. An IP literal is never looked up, so it is checked here.
 */
export function guardedFetch(allowPrivate: boolean): client.CustomFetch {
  return (url, options) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
      return Promise.reject(new AppError('SSO_FAILED', 'The identity provider is on a private address'));
    }
    const headers: Record<string, string> = {};
    new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).forEach((v, k) => {
      headers[k] = v;
    });
    const body = options.body == null ? null : String(options.body);
    const mod = target.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const req = mod.request(
        target,
        { method: options.method ?? 'GET', headers, lookup: guardedLookup(allowPrivate), timeout: 10_000 },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) req.destroy(new Error('the provider answered too much'));
            else chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const answerHeaders = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (v !== undefined) answerHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
            }
            const status = res.statusCode ?? 502;
            const noBody = status === 204 || status === 304;
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('the provider did not answer in time')));
      req.on('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'EWEBHOOKPRIVATE'
            ? new AppError('SSO_FAILED', 'The identity provider is on a private address')
            : err,
        ),
      );
      if (body !== null) req.write(body);
      req.end();
    });
  };
}

/** Discovers the issuer's metadata (and so proves the settings reach a real provider). */
export async function discover(p: Provider, allowPrivate: boolean): Promise<client.Configuration> {
  const url = new URL(p.issuer);
  try {
    const config = await client.discovery(url, p.clientId, undefined, client.ClientSecretBasic(p.clientSecret), {
      execute: url.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      [client.customFetch]: guardedFetch(allowPrivate),
    } as client.DiscoveryRequestOptions);
    config[client.customFetch] = guardedFetch(allowPrivate);
    return config;
  } catch (err) {
    if (err instanceof AppError) throw err;
    // openid-client wraps what our fetch threw (a refused private address) in its own error.
    if ((err as Error).cause instanceof AppError) throw (err as Error).cause;
    throw new AppError(
      'SSO_FAILED',
      `The identity provider could not be reached: ${(err as Error).message}`.slice(0, 300),
    );
  }
}

export interface AuthStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationUrl(
  config: client.Configuration,
  redirectUri: string,
  loginHint: string | null,
): Promise<AuthStart> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (loginHint) params.login_hint = loginHint;
  return { url: client.buildAuthorizationUrl(config, params).href, state, nonce, codeVerifier };
}

export interface IdentityClaims {
  subject: string;
  email: string;
  emailVerified: boolean | undefined;
  firstName: string;
  lastName: string;
}

/** Exchanges the code (state, nonce and PKCE checked by openid-client) and returns the ID token's claims. */
export async function finishAuthorization(
  config: client.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<IdentityClaims> {
  let claims: Record<string, unknown> & { sub: string };
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const id = tokens.claims()!;
    claims = id;
    // Providers may keep profile claims out of the ID token when an access token is issued: ask userinfo,
    // bound to the ID token's subject.
    if (typeof id.email !== 'string') {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, id.sub)), sub: id.sub };
    }
  } catch (err) {
    throw new AppError('SSO_FAILED', `Single sign-on failed: ${(err as Error).message}`.slice(0, 300));
  }
  if (typeof claims.email !== 'string') {
    throw new AppError('SSO_FAILED', 'The identity provider did not share an email address');
  }
  return {
    subject: claims.sub,
    email: claims.email.toLowerCase(),
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 100) : '',
    lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 100) : '',
  };
}
