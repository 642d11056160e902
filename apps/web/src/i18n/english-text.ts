/**
 * Text for code outside React (toasts, plain functions): the English catalog formatted by FormatJS, or the
 * page's own translator passed in (issue 46).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageId } from './messages.en';

export type TranslateText = (id: MessageId, values?: Record<string, string | number>) => string;

export const englishText: TranslateText = (id, values) => String(new IntlMessageFormat(en[id], 'en').format(values));
