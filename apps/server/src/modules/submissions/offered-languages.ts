import { LANGUAGE_META, offeredLanguages, SQL_LANGUAGE, type TLanguageId } from '@assessly/shared';
import type { TestRow } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * A test offers the languages its employer chose (all by default, issue 24). Code in any other language is
 * refused before anything runs or is stored, with the languages the test does offer. `sql` is no code language:
 * an SQL problem is answered in it whatever the test offers (issue 25; which problem it answers is checked by
 * requireAnswerLanguage).
 */
export function requireOfferedLanguage(test: Pick<TestRow, 'languages'>, language: string): void {
  if (language === SQL_LANGUAGE) return;
  const offered = offeredLanguages(test.languages);
  if ((offered as string[]).includes(language)) return;
  const name = LANGUAGE_META[language as TLanguageId]?.label ?? language;
  const message = `This test does not offer ${name}. Choose one of: ${offered.map((l) => LANGUAGE_META[l].label).join(', ')}`;
  throw new AppError('VALIDATION', message, { language: message });
}
