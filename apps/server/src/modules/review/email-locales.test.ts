/** The default candidate emails in the test's language (issue 46): English as before, Spanish and Arabic as ICU. */
import { TEMPLATE_KINDS } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_TEMPLATES } from './email-locales';
import { DEFAULT_TEMPLATES, renderDefault, renderTemplate, withoutEmptyEndTime } from './templates';

const values = {
  candidateName: 'Salma',
  testName: 'Backend {round}',
  companyName: 'Acme',
  inviteLink: 'https://x.example/invite/abc',
  endTime: 'Tue, 15 Jan 2030 12:30:00 UTC',
};
const endAt = new Date('2030-01-15T12:30:00Z');

describe('renderDefault', () => {
  it('renders English exactly as the templates always did', () => {
    for (const kind of TEMPLATE_KINDS) {
      const tpl = DEFAULT_TEMPLATES[kind];
      expect(renderDefault(kind, 'en', values, endAt)).toEqual({
        subject: renderTemplate(tpl.subject, values),
        text: renderTemplate(withoutEmptyEndTime(tpl.body, values), values),
      });
    }
  });

  it('renders Spanish and Arabic with every placeholder filled and the end time in the locale', () => {
    for (const locale of ['es', 'ar'] as const) {
      for (const kind of TEMPLATE_KINDS) {
        const mail = renderDefault(kind, locale, values, endAt);
        expect(mail.text).toContain('Salma');
        expect(mail.text).toContain('Acme');
        // a value with braces is a value, not a placeholder
        expect(`${mail.subject}\n${mail.text}`).toContain('Backend {round}');
        expect(mail.text).not.toMatch(/\{(candidateName|testName|companyName|inviteLink|endTime)\}/);
      }
      const invite = renderDefault('invitation', locale, values, endAt);
      expect(invite.text).toContain('https://x.example/invite/abc');
      const words = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(
        endAt,
      );
      expect(invite.text).toContain(`${words} UTC`);
    }
    expect(renderDefault('invitation', 'ar', values, endAt).subject).toBe('أنت مدعو لأداء Backend {round} لدى Acme');
    expect(renderDefault('rejected', 'es', values, endAt).subject).toBe('Tu evaluación Backend {round}');
  });

  it('leaves out the end-time line when the test has no end, in every language', () => {
    for (const locale of ['en', 'es', 'ar'] as const) {
      const mail = renderDefault('invitation', locale, { ...values, endTime: '' }, null);
      expect(mail.text).not.toMatch(/2030|UTC/);
      expect(mail.text).toContain('https://x.example/invite/abc');
    }
  });

  it('has a translation of every template kind', () => {
    for (const locale of ['es', 'ar'] as const)
      expect(Object.keys(TRANSLATED_TEMPLATES[locale]).sort()).toEqual([...TEMPLATE_KINDS].sort());
  });
});
