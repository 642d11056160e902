/**
 * The SAML 2.0 service provider side (issue 45), on @node-saml/node-saml: the AuthnRequest (HTTP-Redirect), the
 * SP metadata, and the validation of the Response posted to the ACS (the XML signature, the InResponseTo, the
 * validity window with a bounded clock skew, the audience), which this file never does by hand. What the library
 * leaves to its caller is checked here on the assertion it verified: the issuer is the configured IdP, the
 * SubjectConfirmationData's Recipient is this company's ACS URL, and the assertion has an id (kept against replay).
 * The IdP's metadata is parsed for its entity id, SSO URL and signing certificates only (no signature is judged
 * there: the owner gave it, by upload or by URL).
 */
import { type CacheProvider, SAML } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { AppError } from '../../lib/errors';
import { guardedFetch } from './sso.oidc';

/** A company's IdP metadata or a posted SAMLResponse: anything bigger is refused before parsing. */
export const MAX_SAML_XML_BYTES = 256 * 1024;
/** How far the IdP's clock may be from ours, both ways (NotBefore / NotOnOrAfter). */
export const SAML_CLOCK_SKEW_MS = 60_000;
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

export interface IdpFacts {
  entityId: string;
  ssoUrl: string;
  certs: string[];
}

export function spEntityId(publicUrl: string, companyId: string) {
  return `${publicUrl}/api/auth/saml/${companyId}/metadata`;
}
export function acsUrl(publicUrl: string, companyId: string) {
  return `${publicUrl}/api/auth/saml/${companyId}/acs`;
}

function parseXml(text: string, what: string) {
  if (Buffer.byteLength(text) > MAX_SAML_XML_BYTES) {
    throw new AppError('VALIDATION', `The ${what} is larger than 256 KB`, { metadata: 'Too large' });
  }
  // A document type declaration is where entity-expansion attacks live; no SAML document needs one.
  if (/<!DOCTYPE/i.test(text)) throw new AppError('VALIDATION', `The ${what} may not declare a DOCTYPE`);
  let failed = false;
  let doc: Document | null = null;
  try {
    doc = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') failed = true;
      },
    }).parseFromString(text, 'text/xml') as unknown as Document;
  } catch {
    failed = true;
  }
  if (failed || !doc?.documentElement) throw new AppError('VALIDATION', `The ${what} is not well-formed XML`);
  return doc;
}

const select = (expr: string, node: unknown) => xpath.select(expr, node as Node) as Node[];

/** The IdP's entity id, its sign-on URL (Redirect binding preferred) and its signing certificates. */
export function parseIdpMetadata(text: string): IdpFacts {
  const doc = parseXml(text, 'identity provider metadata');
  const bad = (message: string) => new AppError('VALIDATION', message, { metadata: message });
  const entities = select("//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]", doc);
  if (entities.length !== 1) throw bad('The metadata must describe exactly one identity provider (IDPSSODescriptor)');
  const entity = entities[0] as Element;
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId) throw bad('The metadata has no entityID');
  const idp = select("*[local-name()='IDPSSODescriptor']", entity)[0] as Element;
  const services = select("*[local-name()='SingleSignOnService']", idp) as Element[];
  const service =
    services.find((s) => s.getAttribute('Binding') === REDIRECT) ??
    services.find((s) => s.getAttribute('Binding') === POST);
  const ssoUrl = service?.getAttribute('Location')?.trim() ?? '';
  if (!/^https?:\/\//i.test(ssoUrl)) throw bad('The metadata has no HTTP-Redirect SingleSignOnService URL');
  const keys = select("*[local-name()='KeyDescriptor']", idp) as Element[];
  const certs = keys
    .filter((k) => !k.getAttribute('use') || k.getAttribute('use') === 'signing')
    .flatMap((k) => select(".//*[local-name()='X509Certificate']", k))
    .map((n) => (n.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => /^[A-Za-z0-9+/=]{100,}$/.test(c));
  if (certs.length === 0) throw bad('The metadata has no signing certificate (KeyDescriptor use="signing")');
  return { entityId: entityId.slice(0, 500), ssoUrl: ssoUrl.slice(0, 1000), certs: [...new Set(certs)].slice(0, 5) };
}

/** Fetches the IdP's metadata through the same private-address guard as OIDC discovery. */
export async function fetchIdpMetadata(url: string, allowPrivate: boolean): Promise<string> {
  let res: Response;
  try {
    res = await guardedFetch(allowPrivate)(url, { method: 'GET', headers: { accept: 'application/xml' } } as never);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('SSO_FAILED', `The metadata URL could not be read: ${(err as Error).message}`.slice(0, 300));
  }
  if (!res.ok) throw new AppError('SSO_FAILED', `The metadata URL answered ${res.status}`);
  return res.text();
}

/** The PEM of a base64 certificate body. */
function pem(body: string) {
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;
}

export interface SamlSp {
  publicUrl: string;
  companyId: string;
  idp: IdpFacts;
}

function samlOf(sp: SamlSp, cacheProvider: CacheProvider) {
  return new SAML({
    issuer: spEntityId(sp.publicUrl, sp.companyId),
    callbackUrl: acsUrl(sp.publicUrl, sp.companyId),
    audience: spEntityId(sp.publicUrl, sp.companyId),
    entryPoint: sp.idp.ssoUrl,
    idpIssuer: sp.idp.entityId,
    idpCert: sp.idp.certs.map(pem),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: 'always' as never,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider,
    disableRequestedAuthnContext: true,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  });
}

/** The SP metadata the company gives its IdP: entity id, ACS (HTTP-POST), signed assertions wanted. */
export function spMetadata(publicUrl: string, companyId: string): string {
  const noCache: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const saml = samlOf({ publicUrl, companyId, idp: { entityId: '', ssoUrl: '', certs: ['x'] } }, noCache);
  return saml.generateServiceProviderMetadata(null, null);
}

/** The IdP URL carrying a new AuthnRequest, and that request's id (the InResponseTo the answer must carry). */
export async function authnRequest(sp: SamlSp): Promise<{ url: string; requestId: string }> {
  let requestId = '';
  const cache: CacheProvider = {
    saveAsync: async (key, value) => {
      requestId = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const url = await samlOf(sp, cache).getAuthorizeUrlAsync('', undefined, {});
  if (!requestId) throw new AppError('SSO_FAILED', 'The sign-in request could not be made');
  return { url, requestId };
}

export interface SamlIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  assertionId: string;
  /** When the assertion stops being valid: its id is kept against replay until then. */
  expiresAt: Date;
}

const EMAIL_ATTRS = [
  'email',
  'mail',
  'emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const FIRST_ATTRS = ['firstname', 'givenname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'];
const LAST_ATTRS = ['lastname', 'surname', 'sn', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'];

function attr(profile: Record<string, unknown>, names: string[]): string {
  for (const [k, v] of Object.entries(profile)) {
    if (!names.includes(k.toLowerCase())) continue;
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/** The ids of every assertion in a posted response, before anything is trusted (to refuse a known one early). */
export function assertionIdsOf(samlResponse: string): string[] {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  try {
    const doc = parseXml(xml, 'SAML response');
    return (select("//*[local-name()='Assertion']/@ID", doc) as Attr[]).map((a) => a.value).slice(0, 10);
  } catch {
    return [];
  }
}

/**
 * Validates a posted SAMLResponse for the request `requestId` (the one this browser started). Every refusal is an
 * SSO_FAILED with a fixed reason code for the sign-in page.
 */
export async function validateResponse(sp: SamlSp, samlResponse: string, requestId: string): Promise<SamlIdentity> {
  const fail = (message: string, reason = 'refused') =>
    new AppError('SSO_FAILED', `SAML sign-in refused: ${message}`.slice(0, 300), { reason });
  if (samlResponse.length > (MAX_SAML_XML_BYTES * 4) / 3 + 4) throw fail('the response is too large');
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  if (/<!DOCTYPE/i.test(xml)) throw fail('the response declares a DOCTYPE');
  const cache: CacheProvider = {
    saveAsync: async () => null,
    // Only this browser's own request is a valid InResponseTo (the route checked it is still open).
    getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
  let profile: Record<string, unknown> & { getAssertionXml?: () => string; nameID?: string };
  try {
    const result = await samlOf(sp, cache).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!result.profile) throw new Error('no assertion');
    profile = result.profile as never;
  } catch (err) {
    const message = (err as Error).message;
    const reason = /expired|not yet valid|valid subject confirmation/i.test(message) ? 'expired' : 'refused';
    throw fail(message, reason);
  }
  // The assertion the library verified (never the unsigned envelope around it).
  const assertion = parseXml(profile.getAssertionXml?.() ?? '', 'assertion').documentElement!;
  const one = (expr: string) => (select(expr, assertion)[0] as Attr | Element | undefined) ?? null;
  const issuer = one("*[local-name()='Issuer']")?.textContent?.trim() ?? '';
  if (issuer !== sp.idp.entityId) throw fail(`the assertion's issuer is not ${sp.idp.entityId}`);
  const recipients = (
    select(
      "*[local-name()='Subject']/*[local-name()='SubjectConfirmation']/*[local-name()='SubjectConfirmationData']/@Recipient",
      assertion,
    ) as Attr[]
  ).map((a) => a.value);
  const acs = acsUrl(sp.publicUrl, sp.companyId);
  if (recipients.length === 0 || recipients.some((r) => r !== acs)) {
    throw fail(`the assertion's recipient is not ${acs}`, 'recipient');
  }
  const assertionId = assertion.getAttribute('ID') ?? '';
  if (!assertionId) throw fail('the assertion has no ID');
  const until = [
    one("*[local-name()='Conditions']/@NotOnOrAfter"),
    one(
      "*[local-name()='Subject']/*[local-name()='SubjectConfirmation']/*[local-name()='SubjectConfirmationData']/@NotOnOrAfter",
    ),
  ]
    .map((a) => (a ? Date.parse((a as Attr).value) : Number.NaN))
    .filter((n) => Number.isFinite(n));
  // Kept at least a day when the IdP names no end (the library refuses nothing by age then).
  const expiresAt = new Date((until.length ? Math.max(...until) : Date.now() + 86_400_000) + SAML_CLOCK_SKEW_MS);
  const nameId = typeof profile.nameID === 'string' ? profile.nameID.trim() : '';
  if (!nameId) throw fail('the assertion has no NameID');
  const email = (attr(profile, EMAIL_ATTRS) || nameId).toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 320) {
    throw fail('the identity provider did not share an email address', 'no_email');
  }
  return {
    subject: nameId.slice(0, 500),
    email,
    firstName: attr(profile, FIRST_ATTRS).slice(0, 100),
    lastName: attr(profile, LAST_ATTRS).slice(0, 100),
    assertionId: assertionId.slice(0, 200),
    expiresAt,
  };
}
