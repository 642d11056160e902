// Every route's answer passes through a response schema (the serializer strips what the schema does not name),
// except the routes below, which answer no JSON object of their own: event streams, file downloads, redirects and
// the static web app. A new route without a 200/201 response schema fails this test until it declares one.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support';
import { routesWithoutResponseSchema } from './route-schema';

const t = useTestApp();

describe('response schemas', () => {
  it('cover every route that answers JSON', () => {
    const missing = [...routesWithoutResponseSchema(t.app)].filter((r) => !ANSWERS_NO_JSON.some((re) => re.test(r)));
    expect(missing.sort()).toEqual([]);
  });

  it('the list of exceptions names only routes that exist', () => {
    const all = [...routesWithoutResponseSchema(t.app)];
    for (const re of ANSWERS_NO_JSON)
      expect(
        all.some((r) => re.test(r)),
        String(re),
      ).toBe(true);
  });
});

/** Routes whose 200 answer is not a JSON object built from rows: streams, files, redirects, the web app. */
const ANSWERS_NO_JSON: RegExp[] = [
  /^GET \/api\/auth\/sso\/(start|callback)$/, // redirects to the provider and back
  /^GET \/api\/auth\/saml\/:companyId\/metadata$/, // issue 45: the SAML SP metadata (XML)
  /^POST \/api\/auth\/saml\/:companyId\/acs$/, // issue 45: the IdP's form post; redirects to /admin or /login
  /^GET \/api\/coding-tests\/:id\/export$/, // a zip package
  /^GET \/api\/companies\/:id\/logo$/, // an image
  /^GET \/api\/companies\/audit\.csv$/, // CSV
  /^GET \/api\/openapi\.json$/, // the OpenAPI document itself
  /^GET \/api\/proctoring\/runtime\/:name$/, // the on-device detection runtime's files
  /^GET \/api\/review\/frames\/:eventId$/, // an image
  /^GET \/api\/review\/tests\/:testId\/(results|figures)\.csv$/, // CSV
  /^GET \/api\/submissions\/stream$/, // server-sent events
  /^POST \/api\/attempts\/:testId\/ai\/ask$/, // server-sent events: the assistant's answer as it streams (issue 44)
  /^POST \/api\/face\/(detect|verify)$/, // the spec's answer: the annotated JPEG frame (or 204), facts in headers
  /^POST \/api\/proctoring\/:testId\/camera-lost$/, // 204, no body
  /^GET \/api\/interviews\/:id\/(sync|notes)$/, // WebSocket upgrades (the Yjs sync protocol)
  /^DELETE \/scim\/v2\/(Users|Groups)\/:id$/, // SCIM: 204, no body (a group's delete is always refused)
  /^POST \/scim\/v2\/Groups$/, // SCIM: groups are the fixed roles, a create is always a SCIM error
];
