/**
 * Issue 46 in a real browser: the candidate flow in Arabic (right to left) on a 375 px phone. The employer sets
 * the test's language through the API (the field of the test settings form); the invitation email is in Arabic;
 * the join page, the start screen, the coding page (timer, Run, Submit, results) and the results screen read in
 * Arabic with `dir="rtl"` and `lang="ar"` on the document, counts in Arabic's plural forms and numbers in the
 * locale's digits, and no page is wider than the screen. The language switcher goes back to English and the
 * choice survives a reload.
 */
import { outbox } from '@assessly/server/test-kit';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, PY_SUM, seedTest, signedInPage, signIn, typeInEditor } from './support';

const e2e = useE2E();
const PHONE = { width: 375, height: 740 };

/** A number as the page's Arabic formats it (the browser's ICU decides the digits). */
const ar = (page: Page, n: number) => page.evaluate((x) => new Intl.NumberFormat('ar').format(x), n);

async function expectRtlAndNoOverflow(page: Page) {
  const doc = await page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(doc.dir).toBe('rtl');
  expect(doc.lang).toBe('ar');
  expect(doc.scroll, 'the page is wider than the 375 px screen').toBeLessThanOrEqual(doc.width);
}

describe('the candidate flow in Arabic at 375 px', () => {
  it('join page → start → test page → submit → results, right to left, with Arabic plurals and digits', async () => {
    const employer = await createUser(e2e.server, 'employer', { verified: true });
    const { test } = await seedTest(e2e.server, employer.id, [{ title: 'Sum of two', marks: 100 }], {
      name: 'Arabic round',
    });
    const emp = await e2e.browser.newContext();
    await signIn(emp, e2e.server, employer.email);
    const base = e2e.server.baseUrl;
    // the employer's test setting: an unknown language is refused, Arabic is kept
    const bad = await emp.request.put(`${base}/api/tests/${test.id}`, { data: { defaultLocale: 'xx' } });
    expect(bad.status()).toBe(400);
    const put = await emp.request.put(`${base}/api/tests/${test.id}`, { data: { defaultLocale: 'ar' } });
    expect(put.status()).toBe(200);
    expect((await put.json()).defaultLocale).toBe('ar');

    // the invitation email is the default template in Arabic, its end time in Arabic words
    const cand = await createUser(e2e.server, 'candidate', { firstName: 'Salma', lastName: 'Haddad', verified: true });
    const sent = await emp.request.post(`${base}/api/invitations`, { data: { testId: test.id, emails: [cand.email] } });
    expect(sent.ok()).toBe(true);
    await emp.close();
    const [mail] = await e2e.server.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, cand.email), eq(outbox.kind, 'invitation')));
    expect(mail!.subject.startsWith('أنت مدعو لأداء Arabic round لدى ')).toBe(true);
    expect(mail!.bodyText).toContain('مرحبًا Salma Haddad،');
    const endWords = new Intl.DateTimeFormat('ar', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(
      test.endTime!,
    );
    expect(mail!.bodyText).toContain(`تُغلق فترة الاختبار في: ${endWords} UTC.`);
    const link = /\/invite\/[^\s]+/.exec(mail!.bodyText)![0];

    // the join page, signed out, on a phone
    const page = await signedInPage(e2e.browser, e2e.server, null, PHONE);
    await page.goto(`${base}${link}`);
    await page.getByRole('heading', { name: 'أنت مدعو' }).waitFor();
    await page.getByText(`${await ar(page, 30)} دقيقة، تُحتسب من لحظة الضغط على «ابدأ»`).waitFor();
    await expectRtlAndNoOverflow(page);

    // signed in, the test's start screen: one problem (the "one" form), 100 marks (the "other" form) in Arabic digits
    await signIn(page.context(), e2e.server, cand.email);
    await page.goto(`${base}/code/${test.id}`);
    await page.getByRole('heading', { name: 'Arabic round' }).waitFor();
    expect(await page.getByTestId('start-count').textContent()).toBe(`مسألة واحدة، ${await ar(page, 100)} درجة`);
    await page.getByText(`${await ar(page, 30)} دقيقة`, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'نسجّل أثناء الاختبار' }).waitFor();
    await expectRtlAndNoOverflow(page);
    await page.getByRole('button', { name: 'ابدأ الاختبار' }).click();

    // the coding page: the timer in Arabic digits, Run and Submit, the results in Arabic
    await page.locator('.code-editor[data-ready="true"]').waitFor();
    const timer = page.getByRole('timer', { name: 'الوقت المتبقي' });
    const two = await page.evaluate(() => new Intl.NumberFormat('ar', { minimumIntegerDigits: 2 }).format(0));
    expect(await timer.textContent()).toMatch(new RegExp(`^${two}:`));
    await page.getByLabel('لغة البرمجة').selectOption('python');
    await typeInEditor(page, PY_SUM);
    await page.getByRole('button', { name: 'تشغيل', exact: true }).click();
    await page.getByText(`نجح ${await ar(page, 2)} من ${await ar(page, 2)}`, { exact: true }).waitFor();
    await page
      .getByRole('heading', { name: `حالة الاختبار ${await ar(page, 1)}` })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'إرسال', exact: true }).click();
    // three cases: the "few" form
    const three = await ar(page, 3);
    await page.getByText(`تم الإرسال! نجح ${three} من ${three} حالات اختبار.`).waitFor();
    await expectRtlAndNoOverflow(page);
    // code stays left to right inside the right-to-left page
    expect(await page.locator('.cm-editor').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

    // End Test and the results screen
    await page.getByRole('button', { name: 'إنهاء الاختبار', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'إنهاء الاختبار؟' });
    await dialog.getByRole('button', { name: 'أنهِ الاختبار الآن' }).click();
    await page.getByRole('heading', { name: 'تم تسليم الاختبار' }).waitFor();
    await page
      .getByTestId('total-score')
      .getByText(`الدرجة الكلية: ${await ar(page, 100)} / ${await ar(page, 100)}`)
      .waitFor();
    await page.getByText('في كل مسألة يُحتسب أفضل إرسال مُقيَّم لك', { exact: false }).waitFor();
    await expectRtlAndNoOverflow(page);

    // the switcher: English, left to right, kept across a reload; then back to Arabic
    await page.getByLabel('اعرض هذه الصفحة بـ').selectOption('en');
    await page.getByRole('heading', { name: 'Test Submitted' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'ltr',
      'en',
    ]);
    await page.reload();
    await page.getByRole('heading', { name: 'Test Submitted' }).waitFor();
    await page.getByLabel('Show this page in').selectOption('ar');
    await page.getByRole('heading', { name: 'تم تسليم الاختبار' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'تم تسليم الاختبار' }).waitFor();
    await expectRtlAndNoOverflow(page);
    await page.context().close();
  });
});
