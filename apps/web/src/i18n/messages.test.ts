/**
 * Every candidate message id exists in every locale, parses as ICU MessageFormat, uses the same arguments and
 * rich-text tags as the English one, and formats; plural messages cover the locale's plural categories.
 */
import { CANDIDATE_LOCALES } from '@assessly/shared';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './candidate-intl';
import { en } from './messages.en';

type Found = { args: Set<string>; tags: Set<string>; plurals: { arg: string; keys: string[] }[] };

function walk(els: MessageFormatElement[], found: Found) {
  for (const el of els) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time)
      found.args.add(el.value);
    if (el.type === TYPE.tag) {
      found.tags.add(el.value);
      walk(el.children, found);
    }
    if (el.type === TYPE.select || el.type === TYPE.plural) {
      found.args.add(el.value);
      if (el.type === TYPE.plural) found.plurals.push({ arg: el.value, keys: Object.keys(el.options) });
      for (const o of Object.values(el.options)) walk(o.value, found);
    }
  }
}

function inspect(message: string): Found {
  const found: Found = { args: new Set(), tags: new Set(), plurals: [] };
  walk(parse(message), found);
  return found;
}

const ids = Object.keys(en) as (keyof typeof en)[];

describe('candidate message catalogs', () => {
  it('has every English id in every locale, and no id English lacks', () => {
    for (const locale of CANDIDATE_LOCALES) {
      const catalog = CATALOGS[locale];
      expect(Object.keys(catalog).sort(), locale).toEqual([...ids].sort());
      for (const id of ids) expect(catalog[id].trim(), `${locale} ${id}`).not.toBe('');
    }
  });

  it('parses every message as ICU, with the English arguments and tags', () => {
    for (const id of ids) {
      const want = inspect(en[id]);
      for (const locale of CANDIDATE_LOCALES) {
        const got = inspect(CATALOGS[locale][id]);
        expect([...got.args].sort(), `${locale} ${id} arguments`).toEqual([...want.args].sort());
        expect([...got.tags].sort(), `${locale} ${id} tags`).toEqual([...want.tags].sort());
      }
    }
  });

  it("covers each locale's plural categories of counts below 1,000 in every plural message", () => {
    for (const locale of CANDIDATE_LOCALES) {
      // counts on these pages are small whole numbers (Spanish 'many' is for millions: "1 millón de")
      const rules = new Intl.PluralRules(locale);
      const categories = new Set(Array.from({ length: 1000 }, (_, n) => rules.select(n)));
      if (locale === 'ar') expect([...categories].sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
      for (const id of ids) {
        for (const p of inspect(CATALOGS[locale][id]).plurals) {
          for (const c of categories) expect(p.keys, `${locale} ${id} {${p.arg}} lacks "${c}"`).toContain(c);
        }
      }
    }
  });

  it('formats every message in its locale without a missing value', () => {
    for (const locale of CANDIDATE_LOCALES) {
      for (const id of ids) {
        const { args, tags } = inspect(CATALOGS[locale][id]);
        const values: Record<string, unknown> = {};
        for (const a of args) values[a] = a === 'answered' || a === 'flagged' ? 'yes' : 3;
        for (const t of tags) values[t] = (chunks: string[]) => `[${chunks.join('')}]`;
        const text = new IntlMessageFormat(CATALOGS[locale][id], locale).format(values as never);
        expect(typeof text === 'string' || Array.isArray(text), `${locale} ${id}`).toBe(true);
      }
    }
  });

  it('uses the plural forms of Arabic and Spanish', () => {
    const fmt = (locale: 'es' | 'ar', n: number) =>
      new IntlMessageFormat(CATALOGS[locale]['start.problemCount'], locale).format({ n, marks: 100 }) as string;
    expect(fmt('es', 1)).toMatch(/^1 problema,/);
    expect(fmt('es', 3)).toMatch(/^3 problemas,/);
    expect(fmt('ar', 1)).toMatch(/^مسألة واحدة/);
    expect(fmt('ar', 2)).toMatch(/^مسألتان/);
    expect(fmt('ar', 3)).toContain('مسائل');
    expect(fmt('ar', 11)).toContain('مسألة');
  });

  it('keeps the English texts the pages showed before translation', () => {
    const format = (id: keyof typeof en, values?: Record<string, unknown>) =>
      new IntlMessageFormat(en[id], 'en').format(values as never);
    expect(format('start.problemCount', { n: 2, marks: 100 })).toBe('2 problems, 100 marks');
    expect(format('results.summary', { passed: 3, total: 4 })).toBe('Passed 3 / 4');
    expect(format('timer.up')).toBe("Time's Up!");
    expect(format('apt.cellLabel', { n: 2, answered: 'yes', flagged: 'no' })).toBe('Question 2, answered');
  });
});
