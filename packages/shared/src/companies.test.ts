import { describe, expect, it } from 'vitest';
import { checkLogoFile, scorePassword, stepOfField, ZCompanyStep1, ZCompanyStep3 } from './companies';

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
  it('maps fields to their wizard step', () => {
    expect(stepOfField('companyEmail')).toBe(1);
    expect(stepOfField('companyLogo')).toBe(2);
    expect(stepOfField('linkedinUrl')).toBe(2);
    expect(stepOfField('adminEmail')).toBe(3);
  });

  it('checks a chosen logo file by type and size (5242880 bytes is refused)', () => {
    expect(checkLogoFile({ type: 'image/png', size: 5_242_879 })).toBeNull();
    expect(checkLogoFile({ type: 'image/png', size: 5_242_880 })).toBe('File size should be less than 5MB');
    expect(checkLogoFile({ type: 'application/pdf', size: 10 })).toBe('Please upload an image file');
    expect(checkLogoFile({ type: 'image/svg+xml', size: 10 })).toMatch(/SVG/);
  });

  it('coerces form strings: year from text, terms from a checkbox value', () => {
    const step1 = ZCompanyStep1.safeParse({
      companyName: 'A',
      companyEmail: 'A@B.CO',
      website: 'https://a.b',
      industry: 'Retail',
      companySize: '1000+',
      establishedYear: ' 1999 ',
    });
    expect(step1.success && step1.data).toMatchObject({ establishedYear: 1999, companyEmail: 'a@b.co' });
    const step3 = ZCompanyStep3.safeParse({
      fullName: 'A B',
      designation: 'HR',
      adminEmail: 'a@b.co',
      password: 'Abcdefg1',
      agreeToTerms: 'on',
    });
    expect(step3.success).toBe(true);
  });
});
