/**
 * Replays, request by request, the provisioning sequences Okta and Entra ID document for SCIM 2.0 apps and the
 * examples of RFC 7643/7644 (test/fixtures/scim/*.json; each fixture names its document, URL and sections, and what
 * was adapted to Assessly). Each fixture runs against the real app, for a company of its own whose owner made the
 * SCIM token in Settings. `{{run}}` makes each fixture's addresses unique; `{{ownerId}}` is the owner's id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fill,
  loadReplays,
  mismatch,
  pick,
  SCIM_TYPE,
  type ScimCompany,
  scimCompany,
} from '../../../test/fixtures/scim';
import { useTestApp } from '../../../test/support';

const t = useTestApp();
const replays = loadReplays();

describe('SCIM replays', () => {
  it('every fixture names its source document, URL and sections', () => {
    expect(replays.length).toBeGreaterThanOrEqual(5);
    for (const { file, fixture } of replays) {
      expect(fixture.source.document, file).toMatch(/\w/);
      expect(fixture.source.url, file).toMatch(/^https:\/\//);
      expect(fixture.source.sections.length, file).toBeGreaterThan(0);
      expect(fixture.steps.length, file).toBeGreaterThan(0);
    }
  });

  it('the matcher fails on another value, a missing key and a list of another length', () => {
    expect(mismatch({ a: 1 }, { a: 2 })).toMatch(/body.a is 2/);
    expect(mismatch({ a: '{{*}}' }, {})).toMatch(/missing/);
    expect(mismatch([{ a: 1 }], [{ a: 1 }, { a: 1 }])).toMatch(/2 items/);
    expect(mismatch({ a: [{ b: 'x' }] }, { a: [{ b: 'x', c: 1 }], d: 2 })).toBe('');
  });

  for (const { file, fixture } of replays) {
    describe(`${file}: ${fixture.name}`, () => {
      let company: ScimCompany;
      const vars: Record<string, string> = {};
      beforeAll(async () => {
        company = await scimCompany(t);
        vars.ownerId = company.owner.id;
        vars.ownerEmail = company.owner.email;
        vars.run = Math.random().toString(36).slice(2, 8);
      });
      fixture.steps.forEach((step, i) => {
        it(`${i + 1}. ${step.name}: ${step.method} ${step.path} → ${step.status}`, async () => {
          const body = step.body === undefined ? undefined : fill(step.body, vars);
          const res = await company.scim(step.method, fill(step.path, vars), body, fill(step.headers ?? {}, vars));
          expect(res.statusCode, res.body).toBe(step.status);
          if (res.body) {
            expect(res.headers['content-type']).toContain(SCIM_TYPE);
            const answer = JSON.parse(res.body);
            if (step.status >= 400) {
              expect(answer.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
              expect(answer.status).toBe(String(step.status));
            }
          }
          if (step.expect !== undefined) expect(mismatch(fill(step.expect, vars), JSON.parse(res.body))).toBe('');
          for (const key of step.absent ?? []) expect(pick(res, `body.${key}`), key).toBeUndefined();
          for (const [name, where] of Object.entries(step.save ?? {})) {
            const value = pick(res, where);
            expect(value, `${name} from ${where}`).toBeDefined();
            vars[name] = value!;
          }
        });
      });
    });
  }
});
