/**
 * The candidate pages' language (issue 46): react-intl (FormatJS, ICU MessageFormat) over the catalogs in
 * messages.*.ts. The candidate's own choice (the switcher, kept in localStorage) wins over the test's default
 * (`defaultLocale`, set by the employer). While mounted, the provider sets `lang` and `dir` on <html> (Arabic is
 * right to left) and puts them back when the candidate leaves for an English page. Employer pages stay English
 * and use no provider; a component shared with them falls back to the English catalog (useT).
 */
import { CANDIDATE_LOCALES, LOCALE_META, type TCandidateLocale, toCandidateLocale } from '@assessly/shared';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { createIntl, createIntlCache, IntlContext, IntlProvider, type IntlShape } from 'react-intl';
import { ar } from './messages.ar';
import { en, type MessageId } from './messages.en';
import { es } from './messages.es';

export const CATALOGS: Record<TCandidateLocale, Record<MessageId, string>> = { en, es, ar };

/** Where the candidate's choice is kept across reloads (one choice for every test). */
export const LOCALE_KEY = 'assessly.candidate-locale';

export function readChosenLocale(): TCandidateLocale | null {
  try {
    const v = localStorage.getItem(LOCALE_KEY);
    return v && (CANDIDATE_LOCALES as readonly string[]).includes(v) ? (v as TCandidateLocale) : null;
  } catch {
    return null;
  }
}

interface LocaleChoice {
  locale: TCandidateLocale;
  choose: (l: TCandidateLocale) => void;
}
const LocaleChoiceContext = createContext<LocaleChoice | null>(null);

/** The chosen locale and the switcher's setter (null outside a candidate page). */
export function useLocaleChoice(): LocaleChoice | null {
  return useContext(LocaleChoiceContext);
}

/** Wraps a candidate page: its messages, dates and numbers in the candidate's language. */
export function CandidateIntl({ defaultLocale, children }: { defaultLocale?: string | null; children: ReactNode }) {
  const [chosen, setChosen] = useState<TCandidateLocale | null>(readChosenLocale);
  const locale = chosen ?? toCandidateLocale(defaultLocale);
  const choose = useCallback((l: TCandidateLocale) => {
    setChosen(l);
    try {
      localStorage.setItem(LOCALE_KEY, l);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);
  // Before paint, so a right-to-left page never shows a left-to-right frame.
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = locale;
    html.dir = LOCALE_META[locale].dir;
  }, [locale]);
  useEffect(
    () => () => {
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    },
    [],
  );
  const value = useMemo(() => ({ locale, choose }), [locale, choose]);
  return (
    <LocaleChoiceContext.Provider value={value}>
      <IntlProvider locale={locale} messages={CATALOGS[locale]} defaultLocale="en">
        {children}
      </IntlProvider>
    </LocaleChoiceContext.Provider>
  );
}

const englishIntl = createIntl({ locale: 'en', messages: en, defaultLocale: 'en' }, createIntlCache());

/** The page's intl, or English outside a candidate page (a component the employer pages share). */
export function useIntlOrEnglish(): IntlShape {
  return useContext(IntlContext) ?? englishIntl;
}

export type Values = Record<string, string | number | Date | null | undefined>;
export type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** What a component translates with: t(id, values) for text, rich(id, values) for text with elements. */
export interface Translator {
  t: (id: MessageId, values?: Values) => string;
  rich: (id: MessageId, values: RichValues) => ReactNode;
  locale: string;
  intl: IntlShape;
  /** A number in the locale (1,234.5 · ١٬٢٣٤٫٥ · 1234,5). */
  num: (n: number, opts?: Parameters<IntlShape['formatNumber']>[1]) => string;
}

export function translatorOf(intl: IntlShape): Translator {
  return {
    t: (id, values) => intl.formatMessage({ id }, values as Record<string, string | number | Date>) as string,
    rich: (id, values) => intl.formatMessage({ id }, values as never) as ReactNode,
    locale: intl.locale,
    intl,
    num: (n, opts) => intl.formatNumber(n, opts),
  };
}

export function useT(): Translator {
  const intl = useIntlOrEnglish();
  return useMemo(() => translatorOf(intl), [intl]);
}
