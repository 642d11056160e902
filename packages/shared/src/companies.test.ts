import { describe, expect, it } from 'vitest';
import { checkLogoFile, normaliseUrl, scorePassword, ZRegisterCompany } from './companies';

describe('scorePassword (spec §5)', () => {
  it('scores a point each for length, lowercase, uppercase, digit and special; ≤2 Weak, 3 Medium, >3 Strong', () => {
    expect(scorePassword('')).toEqual({ score: 0, label: 'Weak' });
    expect(scorePassword('abcdefgh')).toEqual({ score: 2, label: 'Weak' });
    expect(scorePassword('abcdefg1')).toEqual({ score: 3, label: 'Medium' });
    expect(scorePassword('Abcdefg1')).toEqual({ score: 4, label: 'Strong' });
    expect(scorePassword('Ab1!')).toEqual({ score: 4, label: 'Strong' });
    expect(scorePassword('Abcdefg1!')).toEqual({ score: 5, label: 'Strong' });
  });
});

describe('registration helpers', () => {
  it('checks a chosen logo file by type and size (5242880 bytes is refused)', () => {
    expect(checkLogoFile({ type: 'image/png', size: 5_242_879 })).toBeNull();
    expect(checkLogoFile({ type: 'image/png', size: 5_242_880 })).toBe('File size should be less than 5MB');
    expect(checkLogoFile({ type: 'application/pdf', size: 10 })).toBe('Please upload an image file');
    expect(checkLogoFile({ type: 'image/svg+xml', size: 10 })).toMatch(/SVG/);
  });

  it('needs only the company name, work email and password; the profile is optional', () => {
    const minimal = ZRegisterCompany.safeParse({
      companyName: ' Acme ',
      adminEmail: 'Jo@Acme.CO',
      password: 'Abcdefg1',
    });
    expect(minimal.success && minimal.data).toMatchObject({
      companyName: 'Acme',
      adminEmail: 'jo@acme.co',
      companyEmail: '',
      website: '',
      industry: '',
      description: '',
    });
    expect(minimal.success && minimal.data.establishedYear).toBeUndefined();
    const missing = ZRegisterCompany.safeParse({});
    expect(missing.success).toBe(false);
    expect([...new Set(missing.error?.issues.map((i) => i.path[0]))].sort()).toEqual([
      'adminEmail',
      'companyName',
      'password',
    ]);
  });

  it('normalises URLs typed without a scheme and coerces form strings', () => {
    expect(normaliseUrl(' acme.example/jobs ')).toBe('https://acme.example/jobs');
    expect(normaliseUrl('http://acme.example')).toBe('http://acme.example');
    expect(normaliseUrl('')).toBe('');
    const full = ZRegisterCompany.safeParse({
      companyName: 'A',
      adminEmail: 'a@b.co',
      password: 'Abcdefg1',
      website: 'a.b',
      linkedinUrl: 'linkedin.com/company/acme',
      establishedYear: ' 1999 ',
      companySize: '1000+',
    });
    expect(full.success && full.data).toMatchObject({
      website: 'https://a.b',
      linkedinUrl: 'https://linkedin.com/company/acme',
      establishedYear: 1999,
    });
    for (const bad of [
      { website: 'localhost' },
      { website: 'ftp://a.b' },
      { industry: 'Mining' },
      { establishedYear: 1799 },
    ])
      expect(
        ZRegisterCompany.safeParse({ companyName: 'A', adminEmail: 'a@b.co', password: 'Abcdefg1', ...bad }).success,
      ).toBe(false);
  });
});
