import { describe, expect, it } from 'vitest';
import { createSignedInUser, uniqueEmail } from '../../../test/factories';
import {
  DESCRIPTION,
  pngOfSize,
  registerAndSignIn,
  registerMultipart,
  TINY_PNG,
  tokenFromOutbox,
  validRegistration,
} from '../../../test/fixtures/companies';
import { useTestApp } from '../../../test/support';

const t = useTestApp();

const register = (body: Record<string, unknown>) => t.as(null).post('/api/register-company', body);
/** Registration answers alike and starts no session (issue 23): the page signs in next, and so does this. */
const signedUp = (res: { statusCode: number; body: string }, form: Record<string, unknown>) =>
  registerAndSignIn(t.app, res, String(form.adminEmail), String(form.password));
const thisYear = new Date().getFullYear();

async function expectFieldError(
  res: { statusCode: number; json(): { code: string; fields: Record<string, string> } },
  field: string,
  message: string,
) {
  expect(res.statusCode, `${field}: ${message}`).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION');
  expect(body.fields[field]).toBe(message);
}

describe('POST /api/register-company', () => {
  it('creates the company and its admin from multipart with a logo; the admin signs in; serves the logo', async () => {
    const form = validRegistration();
    const res = await registerMultipart(t.app, form, { data: TINY_PNG, type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const { company, user, cookie } = await signedUp(res, form);
    expect(company).toMatchObject({
      name: 'Acme Labs',
      email: form.companyEmail,
      industry: 'Technology',
      companySize: '11-50',
      establishedYear: 2001,
    });
    expect(company.logoUrl).toBe(`/api/companies/${company.id}/logo`);
    expect(user).toMatchObject({
      email: form.adminEmail,
      role: 'employer',
      companyId: company.id,
      companyRole: 'owner',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      emailVerified: false,
    });

    const me = await t.as(null).get('/api/users/me', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    const [row] = await t.deps.database.query<{ designation: string }>('SELECT designation FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(row!.designation).toBe('CTO');

    const logo = await t.as(null).get(company.logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(TINY_PNG)).toBe(true);

    // The verification link went out (outbox by default).
    expect(
      await tokenFromOutbox(t.deps.database.query.bind(t.deps.database), String(form.adminEmail), '/verify-email'),
    ).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('accepts the JSON form with the logo as a data URL and serves it with the type its bytes have', async () => {
    const form = validRegistration({
      companyLogo: `data:image/jpeg;base64,${TINY_PNG.toString('base64')}`,
      linkedinUrl: '',
    });
    const res = await register(form);
    expect(res.statusCode).toBe(201);
    const { company } = await signedUp(res, form);
    expect(company.linkedinUrl).toBeNull();
    const logo = await t.as(null).get(company.logoUrl);
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('takes a logo serialised as {} (what JSON.stringify makes of a File) as no logo', async () => {
    const form = validRegistration({ companyLogo: {} });
    const res = await register(form);
    expect(res.statusCode).toBe(201);
    expect((await signedUp(res, form)).company.logoUrl).toBeNull();
  });

  it('registers without a logo; the logo URL is null and the logo route answers 404', async () => {
    const form = validRegistration();
    const res = await registerMultipart(t.app, form);
    expect(res.statusCode).toBe(201);
    const { company } = await signedUp(res, form);
    expect(company.logoUrl).toBeNull();
    const logo = await t.as(null).get(`/api/companies/${company.id}/logo`);
    expect(logo.statusCode).toBe(404);
    expect((await t.as(null).get('/api/companies/not-a-uuid/logo')).statusCode).toBe(404);
  });
});

describe('one-step company sign-up (issue 26), rules enforced by the server', () => {
  it('company name, work email and password are enough; the work email is the company address; no session leaks', async () => {
    const adminEmail = uniqueEmail('one-step');
    const form = { companyName: 'Tiny Co', adminEmail, password: 'Compiler1' };
    const res = await register(form);
    expect(res.statusCode).toBe(201);
    // the answer names no account and starts no session: the page signs in next
    expect(res.json()).toEqual({ ok: true, email: adminEmail, message: expect.stringMatching(/^Check your email/) });
    expect(res.headers['set-cookie']).toBeUndefined();
    const { company, user, cookie } = await signedUp(res, form);
    expect(company).toMatchObject({
      name: 'Tiny Co',
      email: adminEmail,
      website: null,
      industry: null,
      companySize: null,
      establishedYear: null,
      description: null,
      linkedinUrl: null,
    });
    expect(user).toMatchObject({ email: adminEmail, role: 'employer', companyRole: 'owner', firstName: '' });
    const me = await t.as(null).get('/api/users/me', { cookie });
    expect(me.json().id).toBe(user.id);
  });

  it('refuses a missing company name, work email or password with the field named', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ companyName: '  ' }, 'companyName', 'Company name is required'],
      [{ adminEmail: '' }, 'adminEmail', 'Work email is required'],
      [{ adminEmail: 'grace@' }, 'adminEmail', 'Please enter a valid email address'],
      [{ password: '' }, 'password', 'Password is required'],
      [{ password: 'Abc123x' }, 'password', 'Password must be at least 8 characters'],
      [{ password: 'abcdefg1' }, 'password', 'Password must contain uppercase, lowercase, and number'],
    ];
    for (const [over, field, message] of cases)
      await expectFieldError(await register(validRegistration(over)), field, message);
    expect((await register(validRegistration({ password: 'Abcdefg1' }))).statusCode).toBe(201);
  });

  it('normalises a website or LinkedIn page typed without https:// and needs no description minimum', async () => {
    const form = validRegistration({
      website: 'acme.example/about',
      linkedinUrl: 'linkedin.com/company/acme',
      description: 'Tools.',
    });
    const res = await register(form);
    expect(res.statusCode).toBe(201);
    expect((await signedUp(res, form)).company).toMatchObject({
      website: 'https://acme.example/about',
      linkedinUrl: 'https://linkedin.com/company/acme',
      description: 'Tools.',
    });
  });

  it('still checks the optional profile fields when they are given', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ companyEmail: 'acme-at-example' }, 'companyEmail', 'Please enter a valid email address'],
      [{ website: 'ftp://acme.example' }, 'website', 'Please enter a valid website URL'],
      [{ website: 'localhost' }, 'website', 'Please enter a valid website URL'],
      [{ industry: 'Mining' }, 'industry', 'Please select an industry'],
      [{ companySize: '2-5' }, 'companySize', 'Please select company size'],
      [{ establishedYear: 1799 }, 'establishedYear', 'Please enter a valid year'],
      [{ establishedYear: thisYear + 1 }, 'establishedYear', 'Please enter a valid year'],
      [{ establishedYear: 'nineteen' }, 'establishedYear', 'Please enter a valid year'],
      [
        { linkedinUrl: 'https://www.linkedin.com/in/grace' },
        'linkedinUrl',
        'Please enter a valid LinkedIn company URL',
      ],
      [{ description: 'z'.repeat(5001) }, 'description', 'Description should be at most 5000 characters'],
    ];
    for (const [over, field, message] of cases)
      await expectFieldError(await register(validRegistration(over)), field, message);
    expect((await register(validRegistration({ establishedYear: 1800 }))).statusCode).toBe(201);
    expect((await registerMultipart(t.app, validRegistration({ establishedYear: String(thisYear) }))).statusCode).toBe(
      201,
    );
  });

  it('the logo must be an image under 5 MB — 5242879 bytes accepted, 5242880 and 5242881 refused', async () => {
    const accepted = await registerMultipart(t.app, validRegistration(), {
      data: pngOfSize(5_242_879),
      type: 'image/png',
    });
    expect(accepted.statusCode).toBe(201);
    for (const size of [5_242_880, 5_242_881]) {
      const res = await registerMultipart(t.app, validRegistration(), { data: pngOfSize(size), type: 'image/png' });
      await expectFieldError(res, 'companyLogo', 'File size should be less than 5MB');
    }
    const json = await register(
      validRegistration({ companyLogo: `data:image/png;base64,${pngOfSize(5_242_880).toString('base64')}` }),
    );
    await expectFieldError(json, 'companyLogo', 'File size should be less than 5MB');
    // Far over the limit: the multipart limit stops it and the answer is still the spec's message.
    const huge = await registerMultipart(t.app, validRegistration(), {
      data: pngOfSize(9 * 1024 * 1024),
      type: 'image/png',
    });
    await expectFieldError(huge, 'companyLogo', 'File size should be less than 5MB');
  });

  it('a non-image is refused even when it claims an image type; SVG is refused', async () => {
    const text = Buffer.from('this is not an image at all, just text pretending');
    await expectFieldError(
      await registerMultipart(t.app, validRegistration(), { data: text, type: 'image/png' }),
      'companyLogo',
      'Please upload an image file',
    );
    await expectFieldError(
      await registerMultipart(t.app, validRegistration(), { data: TINY_PNG, type: 'application/pdf', name: 'x.pdf' }),
      'companyLogo',
      'Please upload an image file',
    );
    await expectFieldError(
      await register(validRegistration({ companyLogo: 'data:image/png,not-base64' })),
      'companyLogo',
      'Please upload an image file',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await registerMultipart(t.app, validRegistration(), {
      data: svg,
      type: 'image/svg+xml',
      name: 'logo.svg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.companyLogo).toMatch(/SVG logos are not supported/);
    const before = await t.deps.database.query('SELECT 1 FROM companies WHERE logo_type = $1', ['image/svg+xml']);
    expect(before).toHaveLength(0);
  });
});

describe('duplicate emails', () => {
  it('a taken company email or work email answers like a new one, creates nothing and tells only its owner', async () => {
    const first = validRegistration();
    const fresh = await register(first);
    expect(fresh.statusCode).toBe(201);
    const mails = async (to: unknown) =>
      t.deps.database.query<{ kind: string }>('SELECT kind FROM outbox WHERE lower(to_address) = lower($1)', [
        String(to),
      ]);
    const companies = async () => (await t.deps.database.query('SELECT id FROM companies')).length;
    const before = await companies();
    // The answer's shape is the same whatever was taken: only the email it names differs, as it does between
    // any two registrations.
    const same = (res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }, email: unknown) => {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ...fresh.json(), email: String(email) });
      expect(res.headers['set-cookie']).toBeUndefined();
    };

    const dupCompanyForm = validRegistration({ companyEmail: String(first.companyEmail).toUpperCase() });
    same(await register(dupCompanyForm), dupCompanyForm.adminEmail);
    // the work email's owner learns why, in their own inbox; no account was made for it
    expect((await mails(dupCompanyForm.adminEmail)).map((m) => m.kind)).toEqual(['signup_existing']);
    const login = await t.as(null).post('/api/users/login', {
      email: dupCompanyForm.adminEmail,
      password: dupCompanyForm.password,
    });
    expect(login.statusCode).toBe(401);

    const dupAdminForm = validRegistration({ adminEmail: first.adminEmail, password: 'Another-pass-9' });
    same(await register(dupAdminForm), first.adminEmail);
    // the account's owner gets a sign-in and reset link; the stranger's password does not open the account
    expect((await mails(first.adminEmail)).map((m) => m.kind).sort()).toEqual([
      'email_verification',
      'signup_existing',
    ]);
    expect(
      (await t.as(null).post('/api/users/login', { email: first.adminEmail, password: 'Another-pass-9' })).statusCode,
    ).toBe(401);

    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    same(await register(validRegistration({ adminEmail: candidate.email })), candidate.email);
    // Without a company address the work email is the company's: one already used by a company creates nothing.
    same(
      await register({ companyName: 'B', adminEmail: first.companyEmail, password: 'Compiler1' }),
      first.companyEmail,
    );
    expect(await companies()).toBe(before);
  });

  it('company and admin are created in one transaction: a race lost on the admin email leaves no company behind', async () => {
    const adminEmail = validRegistration().adminEmail;
    const a = validRegistration({ adminEmail });
    const b = validRegistration({ adminEmail });
    const results = await Promise.all([register(a), register(b)]);
    // both answer alike; one company and one account exist
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const rows = await t.deps.database.query('SELECT id FROM companies WHERE email IN ($1, $2)', [
      a.companyEmail,
      b.companyEmail,
    ]);
    expect(rows).toHaveLength(1);
    const users = await t.deps.database.query('SELECT id FROM users WHERE lower(email) = $1', [adminEmail]);
    expect(users).toHaveLength(1);
  });
});

describe('email verification', () => {
  const query = () => t.deps.database.query.bind(t.deps.database);

  it('verifies with the mailed token once; reuse is refused', async () => {
    const form = validRegistration();
    const res = await register(form);
    const { cookie } = await signedUp(res, form);
    const token = await tokenFromOutbox(query(), String(form.adminEmail), '/verify-email');
    const ok = await t.as(null).post('/api/companies/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, email: form.adminEmail });
    const me = await t.as({ cookie: cookie }).get('/api/users/me');
    expect(me.json().emailVerified).toBe(true);
    const again = await t.as(null).post('/api/companies/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
    const junk = await t.as(null).post('/api/companies/verify-email', { token: 'x'.repeat(43) });
    expect(junk.json().code).toBe('TOKEN_INVALID');
  });

  it('a link older than 24 hours is refused; resend sends a fresh one after the cooldown, neutral answers always', async () => {
    const form = validRegistration();
    await register(form);
    const email = String(form.adminEmail);
    const old = await tokenFromOutbox(query(), email, '/verify-email');
    const count = async () =>
      (await t.deps.database.query('SELECT 1 FROM outbox WHERE to_address = $1', [email])).length;
    expect(await count()).toBe(1);

    // Within the cooldown: the answer says so (how long to wait), and nothing is sent.
    const soon = await t.as(null).post('/api/companies/resend-verification', { email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/less than a minute ago.*try again in \d+ seconds/);
    expect(await count()).toBe(1);

    t.clock.advance(24 * 3_600_000 + 60_000);
    try {
      const expired = await t.as(null).post('/api/companies/verify-email', { token: old });
      expect(expired.json().code).toBe('TOKEN_INVALID');
      const resend = await t.as(null).post('/api/companies/resend-verification', { email: email.toUpperCase() });
      expect(resend.json()).toMatchObject({ ok: true, sent: true });
      expect(await count()).toBe(2);
      const fresh = await tokenFromOutbox(query(), email, '/verify-email');
      expect(fresh).not.toBe(old);
      expect((await t.as(null).post('/api/companies/verify-email', { token: fresh })).statusCode).toBe(200);

      // Verified accounts and unknown emails get the same answer and no email.
      t.clock.advance(120_000);
      const verified = await t.as(null).post('/api/companies/resend-verification', { email });
      const unknown = await t.as(null).post('/api/companies/resend-verification', { email: 'nobody@example.test' });
      expect(verified.json()).toEqual(unknown.json());
      expect(await count()).toBe(2);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('keeps the description text as typed (trimmed) and the spec fields in GET /api/companies/me', async () => {
    const form = validRegistration({ description: `  ${DESCRIPTION}  ` });
    const res = await register(form);
    const me = await t.as(null).get('/api/companies/me', { cookie: (await signedUp(res, form)).cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().company).toMatchObject({
      description: DESCRIPTION,
      website: 'https://acme.example',
      linkedinUrl: 'https://www.linkedin.com/company/acme-labs',
    });
    expect(me.json().members).toHaveLength(1);
    expect(me.json().isAdmin).toBe(true);
  });
});
