import { useCallback, useEffect, useState } from 'react';
import { useIntlOrEnglish } from '../../i18n/candidate-intl';

/** HH:MM:SS of a duration in ms (never negative). */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The server's clock minus the device's, measured once from the take answer's serverNow. */
export function clockOffset(serverNow: string, receivedAt: number): number {
  return new Date(serverNow).getTime() - receivedAt;
}

/**
 * Milliseconds left until the server's deadline, ticking every second (spec §4). The device clock only
 * measures elapsed time, so a wrong device clock does not change what is shown.
 */
export function useTimeLeft(deadlineAt: string | null, offsetMs: number): number | null {
  const [left, setLeft] = useState(() => leftUntil(deadlineAt, offsetMs));
  useEffect(() => {
    setLeft(leftUntil(deadlineAt, offsetMs));
    if (!deadlineAt) return;
    const id = setInterval(() => setLeft(leftUntil(deadlineAt, offsetMs)), 1000);
    return () => clearInterval(id);
  }, [deadlineAt, offsetMs]);
  return left;
}

function leftUntil(deadlineAt: string | null, offsetMs: number): number | null {
  return deadlineAt ? new Date(deadlineAt).getTime() - (Date.now() + offsetMs) : null;
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return 'not set';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * formatDateTime in the candidate's language (issue 46): English pages keep the browser's own format as before,
 * the other languages the page's locale (Intl through react-intl).
 */
export function useFormatDateTime(): (iso: string | null) => string {
  const intl = useIntlOrEnglish();
  return useCallback(
    (iso: string | null) => {
      if (intl.locale === 'en') return formatDateTime(iso);
      if (!iso) return intl.formatMessage({ id: 'common.notSet' });
      return intl.formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
    },
    [intl],
  );
}

/** HH:MM:SS in the locale's digits (issue 46); English is formatHms. */
export function formatHmsIn(ms: number, locale: string): string {
  if (locale === 'en') return formatHms(ms);
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  return [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60].map((n) => two.format(n)).join(':');
}
