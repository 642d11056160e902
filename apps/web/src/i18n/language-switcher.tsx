/**
 * The language switcher of the candidate pages (issue 46): a labelled <select>, each language named in its own
 * script and marked with its own `lang`, so a screen reader reads "العربية" in Arabic. The choice is kept
 * across reloads (candidate-intl.tsx).
 */
import { CANDIDATE_LOCALES, LOCALE_META, type TCandidateLocale } from '@assessly/shared';
import { useId } from 'react';
import { useLocaleChoice, useT } from './candidate-intl';
import './i18n.css';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const choice = useLocaleChoice();
  const { t } = useT();
  const id = useId();
  if (!choice) return null;
  return (
    <div className={`language-switcher ${className}`}>
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        className="input"
        value={choice.locale}
        onChange={(e) => choice.choose(e.target.value as TCandidateLocale)}
      >
        {CANDIDATE_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_META[l].label}
          </option>
        ))}
      </select>
    </div>
  );
}
