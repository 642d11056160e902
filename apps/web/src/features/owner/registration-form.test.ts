import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTRATION, stepResolver, toFormData } from './registration-form';

const resolve = (step: number, values = EMPTY_REGISTRATION) =>
  // biome-ignore lint/suspicious/noExplicitAny: the resolver's context and options are unused here
  stepResolver(() => step)(values, undefined, {} as any) as Promise<{ errors: Record<string, { message: string }> }>;

describe('the registration wizard resolver', () => {
  it("validates only the current step's fields, with the spec's messages", async () => {
    const step1 = await resolve(1);
    expect(Object.keys(step1.errors).sort()).toEqual([
      'companyEmail',
      'companyName',
      'companySize',
      'establishedYear',
      'industry',
      'website',
    ]);
    expect(step1.errors.industry?.message).toBe('Please select an industry');
    const step2 = await resolve(2);
    expect(Object.keys(step2.errors)).toEqual(['description']);
    expect(step2.errors.description?.message).toBe('Company description is required');
    const step3 = await resolve(3);
    expect(step3.errors.agreeToTerms?.message).toBe('You must agree to the terms and conditions');
    expect(step3.errors.companyName).toBeUndefined();
  });

  it('sends every field and the logo file as multipart', () => {
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const form = toFormData({ ...EMPTY_REGISTRATION, companyName: 'Acme', agreeToTerms: true }, logo);
    expect(form.get('companyName')).toBe('Acme');
    expect(form.get('agreeToTerms')).toBe('true');
    expect((form.get('companyLogo') as File).name).toBe('logo.png');
  });
});
