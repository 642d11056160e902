import { z } from 'zod';

/**
 * The languages of the candidate's pages and emails (issue 46): English, Spanish and Arabic (right to left).
 * The employer sets a test's default (`tests.default_locale`); the candidate may switch on the page. The
 * employer's own content (problem statements, questions, custom email templates) is never translated.
 */
export const CANDIDATE_LOCALES = ['en', 'es', 'ar'] as const;
export type TCandidateLocale = (typeof CANDIDATE_LOCALES)[number];

/** Each locale's own name (shown in the switcher, in its own script) and writing direction. */
export const LOCALE_META: Record<TCandidateLocale, { label: string; english: string; dir: 'ltr' | 'rtl' }> = {
  en: { label: 'English', english: 'English', dir: 'ltr' },
  es: { label: 'Español', english: 'Spanish', dir: 'ltr' },
  ar: { label: 'العربية', english: 'Arabic', dir: 'rtl' },
};

export const ZCandidateLocale = z.enum(CANDIDATE_LOCALES, { error: 'Choose English, Spanish or Arabic' });

/** A stored or requested value as a known locale (anything else: English). */
export function toCandidateLocale(value: unknown): TCandidateLocale {
  return typeof value === 'string' && (CANDIDATE_LOCALES as readonly string[]).includes(value)
    ? (value as TCandidateLocale)
    : 'en';
}
