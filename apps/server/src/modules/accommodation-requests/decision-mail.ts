/**
 * Issue 46: the candidate is told of the company's decision on their accommodation request by email, in the
 * test's candidate language (its default locale), as plain text and escaped HTML. The employer's note is the
 * company's words to the candidate (the entry page shows it too) and is sent as written.
 */
import type { TCandidateLocale } from '@assessly/shared';
import type { AccommodationRequestRow } from '../../db/schema';

type Kind = AccommodationRequestRow['kinds'][number];

interface Words {
  subject: (testName: string) => string;
  hello: (name: string) => string;
  granted: (company: string, test: string, kinds: string) => string;
  refused: (company: string, test: string, kinds: string) => string;
  minutes: (n: number) => string;
  note: (note: string) => string;
  after: string;
  kinds: Record<Kind, string>;
}

const WORDS: Record<TCandidateLocale, Words> = {
  en: {
    subject: (t) => `Your accommodation request for ${t}`,
    hello: (n) => `Hello ${n},`,
    granted: (c, t, k) => `${c} has granted your request for ${k} on the test "${t}".`,
    refused: (c, t, k) => `${c} has not granted your request for ${k} on the test "${t}".`,
    minutes: (n) => `Extra time granted: ${n} ${n === 1 ? 'minute' : 'minutes'}.`,
    note: (x) => `Their note: ${x}`,
    after: 'Open the test from your invitation link or your tests page to see what applies before you start.',
    kinds: { extra_time: 'extra time', no_camera: 'no camera', screen_reader: 'screen-reader mode' },
  },
  es: {
    subject: (t) => `Tu solicitud de adaptación para ${t}`,
    hello: (n) => `Hola, ${n}:`,
    granted: (c, t, k) => `${c} ha concedido tu solicitud de ${k} para la prueba «${t}».`,
    refused: (c, t, k) => `${c} no ha concedido tu solicitud de ${k} para la prueba «${t}».`,
    minutes: (n) => `Tiempo adicional concedido: ${n} ${n === 1 ? 'minuto' : 'minutos'}.`,
    note: (x) => `Su nota: ${x}`,
    after:
      'Abre la prueba desde tu enlace de invitación o tu página de pruebas para ver qué se aplica antes de empezar.',
    kinds: { extra_time: 'tiempo adicional', no_camera: 'sin cámara', screen_reader: 'modo lector de pantalla' },
  },
  ar: {
    subject: (t) => `طلب التيسير الخاص بك لاختبار ${t}`,
    hello: (n) => `مرحبًا ${n}،`,
    granted: (c, t, k) => `وافقت ${c} على طلبك (${k}) لاختبار «${t}».`,
    refused: (c, t, k) => `لم توافق ${c} على طلبك (${k}) لاختبار «${t}».`,
    minutes: (n) => `الوقت الإضافي الممنوح: ${new Intl.NumberFormat('ar').format(n)} دقيقة.`,
    note: (x) => `ملاحظتهم: ${x}`,
    after: 'افتح الاختبار من رابط دعوتك أو من صفحة اختباراتك لترى ما ينطبق قبل أن تبدأ.',
    kinds: { extra_time: 'وقت إضافي', no_camera: 'بدون كاميرا', screen_reader: 'وضع قارئ الشاشة' },
  },
};

export function renderDecisionMail(
  locale: TCandidateLocale,
  v: {
    candidateName: string;
    companyName: string;
    testName: string;
    decision: 'granted' | 'refused';
    kinds: Kind[];
    grantedMinutes: number | null;
    note: string | null;
  },
): { subject: string; text: string } {
  const w = WORDS[locale];
  const kinds = new Intl.ListFormat(locale, { type: 'conjunction' }).format(v.kinds.map((k) => w.kinds[k]));
  const lines = [
    w.hello(v.candidateName),
    '',
    (v.decision === 'granted' ? w.granted : w.refused)(v.companyName, v.testName, kinds),
  ];
  if (v.decision === 'granted' && v.grantedMinutes != null) lines.push(w.minutes(v.grantedMinutes));
  if (v.note) lines.push('', w.note(v.note));
  lines.push('', w.after, '', v.companyName);
  return { subject: w.subject(v.testName), text: lines.join('\n') };
}
