/**
 * The default candidate emails in every candidate locale (issue 46), as ICU messages (FormatJS
 * `intl-messageformat`, the library the web app's react-intl uses): the English ones are the defaults of
 * templates.ts word for word. A company's own template is its content and is sent as written, in no other
 * language. The placeholders are the templates' own ({candidateName}, {testName}, {companyName}, {inviteLink},
 * {endTime}); the end time arrives formatted in the locale (formatWhenIn).
 */
import type { TCandidateLocale, TTemplateKind } from '@assessly/shared';

export type EmailTemplate = { subject: string; body: string };

export const TRANSLATED_TEMPLATES: Record<Exclude<TCandidateLocale, 'en'>, Record<TTemplateKind, EmailTemplate>> = {
  es: {
    invitation: {
      subject: 'Te invitamos a realizar {testName} para {companyName}',
      body:
        'Hola, {candidateName}:\n\n{companyName} te invita a realizar la evaluación «{testName}» en Assessly.\n\n' +
        'Empieza aquí (tu enlace personal): {inviteLink}\n\nEl plazo para realizar la prueba termina: {endTime}.\n\n' +
        '¡Mucha suerte!\n{companyName}',
    },
    reminder: {
      subject: 'Recordatorio: {testName} cierra pronto',
      body:
        'Hola, {candidateName}:\n\nTe recordamos que la evaluación «{testName}» de {companyName} cierra el {endTime}.\n\n' +
        'Tu enlace personal: {inviteLink}\n\n{companyName}',
    },
    shortlisted: {
      subject: 'Buenas noticias sobre tu evaluación {testName}',
      body:
        'Hola, {candidateName}:\n\nGracias por realizar «{testName}». Nos complace comunicarte que {companyName} ' +
        'te ha preseleccionado para la siguiente etapa. Pronto nos pondremos en contacto contigo con los detalles.\n\n' +
        'Un cordial saludo,\n{companyName}',
    },
    rejected: {
      subject: 'Tu evaluación {testName}',
      body:
        'Hola, {candidateName}:\n\nGracias por realizar «{testName}» y por tu interés en {companyName}. ' +
        'Tras una revisión detenida, por ahora no seguiremos adelante con tu candidatura.\n\n' +
        'Te deseamos mucho éxito.\n{companyName}',
    },
  },
  ar: {
    invitation: {
      subject: 'أنت مدعو لأداء {testName} لدى {companyName}',
      body:
        'مرحبًا {candidateName}،\n\nتدعوك {companyName} لأداء التقييم «{testName}» على Assessly.\n\n' +
        'ابدأ من هنا (رابطك الشخصي): {inviteLink}\n\nتُغلق فترة الاختبار في: {endTime}.\n\nبالتوفيق!\n{companyName}',
    },
    reminder: {
      subject: 'تذكير: يُغلق {testName} قريبًا',
      body:
        'مرحبًا {candidateName}،\n\nنذكّرك بأن التقييم «{testName}» لدى {companyName} يُغلق في {endTime}.\n\n' +
        'رابطك الشخصي: {inviteLink}\n\n{companyName}',
    },
    shortlisted: {
      subject: 'أخبار سارة بشأن تقييم {testName}',
      body:
        'مرحبًا {candidateName}،\n\nشكرًا لأدائك «{testName}». يسعدنا إبلاغك بأن {companyName} ' +
        'قد اختارتك للمرحلة التالية. سنتواصل معك قريبًا بالتفاصيل.\n\nمع أطيب التحيات،\n{companyName}',
    },
    rejected: {
      subject: 'تقييم {testName} الخاص بك',
      body:
        'مرحبًا {candidateName}،\n\nشكرًا لأدائك «{testName}» ولاهتمامك بـ{companyName}. ' +
        'بعد مراجعة دقيقة، لن نمضي قدمًا في طلبك في الوقت الحالي.\n\nنتمنى لك كل التوفيق.\n{companyName}',
    },
  },
};

/** The end of a window in the locale's words, in UTC (English keeps templates.ts's formatWhen). */
export function formatWhenIn(d: Date | null, locale: Exclude<TCandidateLocale, 'en'>): string {
  if (!d) return '';
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(d);
  return `${when} UTC`;
}
