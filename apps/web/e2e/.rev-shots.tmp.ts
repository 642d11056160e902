// Throwaway review script (deleted after use).
import { launchBrowser, startServer } from './harness';

const only = process.argv[2];
const server = await startServer();
const browser = await launchBrowser();
const B = server.baseUrl;
const pw = 'Passw0rd!x';
async function user(ctx: any, u: any) {
  const r = await ctx.request.post(`${B}/api/users/add`, { data: { ...u, password: pw } });
  if (r.status() !== 201) throw new Error(`signup ${r.status()} ${await r.text()}`);
  const l = await ctx.request.post(`${B}/api/users/login`, { data: { email: u.email, password: pw } });
  return l.json();
}
const empCtx = await browser.newContext();
const emp = await user(empCtx, { firstName: 'Hana', lastName: 'Recruiter', email: 'hana@acme.test', role: 'employer' });
const post = async (ctx: any, path: string, data: any, method = 'post') => {
  const r = await ctx.request[method](`${B}${path}`, { data, headers: { origin: B } });
  if (!r.ok()) throw new Error(`${path} ${r.status()} ${await r.text()}`);
  return r.json();
};
const now = Date.now();
const coding = await post(empCtx, '/api/tests/create', { testName: 'Backend drive with a rather long test name', testType: 'CODING', description: 'Two problems', duration: 60, totalMarks: 50, passingMarks: 20, startTime: new Date(now - 3600e3).toISOString(), endTime: new Date(now + 86400e3).toISOString() });
const prob = (t: string) => ({ id: `tmp-${t}`, title: t, description: '<p>Read two integers and print their sum.</p>', examples: [{ input: '1 2', output: '3' }], testCases: [{ input: '2 2', output: '4' }], constraints: ['1 <= a, b <= 10^9'], marks: 25, solution: '' });
await post(empCtx, `/api/tests/${coding.id}/questions/batch`, { problems: [prob('Sum of two'), prob('Reverse a string')] });
const apt = await post(empCtx, '/api/tests/create', { testName: 'Logic basics', testType: 'APTITUDE', duration: 30, totalMarks: 10, passingMarks: 4, startTime: new Date(now - 3600e3).toISOString(), endTime: new Date(now + 86400e3).toISOString() });
const q = (t: string) => ({ id: `tmp-${t}`, questionText: t, options: ['One', 'Two', 'Three', 'Four'], correctAnswer: 1, marks: 5, explanation: '' });
await post(empCtx, `/api/tests/${apt.id}/questions/batch`, { questions: [q('What is 1+1?'), q('Pick two')] });
const candCtx = await browser.newContext();
await user(candCtx, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@cand.test', role: 'candidate' });
const anon = await browser.newContext();

const pages: [string, any, string][] = [
  ['home', anon, '/'], ['about', anon, '/about'], ['contact', anon, '/contact'], ['login', anon, '/login'],
  ['signup', anon, '/signup?next=%2Finvite%2Fabc'], ['forgot', anon, '/forgot-password'], ['owner', anon, '/owner'],
  ['notfound', anon, '/nope'], ['profile', candCtx, '/profile'], ['cand-admin', candCtx, '/admin'],
  ['admin', empCtx, '/admin'], ['tests', empCtx, '/admin/tests'], ['create', empCtx, '/admin/tests/create'],
  ['details-coding', empCtx, `/admin/tests/${coding.id}`], ['details-apt', empCtx, `/admin/tests/${apt.id}`],
  ['edit-test', empCtx, `/admin/tests/${coding.id}/edit`], ['apt-builder', empCtx, `/admin/aptitude-test/${apt.id}`],
  ['coding-builder', empCtx, `/admin/coding-test/${coding.id}`], ['edit-apt', empCtx, `/admin/aptitude-test/edit/${apt.id}`],
  ['edit-coding', empCtx, `/admin/coding-test/edit/${coding.id}`], ['candidates', empCtx, '/admin/candidates'],
  ['submission', empCtx, '/admin/submission'], ['results', empCtx, `/admin/tests/${coding.id}/results`],
  ['invite', empCtx, `/admin/tests/${coding.id}/invite`], ['templates', empCtx, '/admin/templates'], ['team', empCtx, '/admin/team'],
  ['emp-profile', empCtx, '/profile'],
  ['code', candCtx, `/code/${coding.id}`], ['aptitude', candCtx, `/aptitude/${apt.id}`],
];
const sizes = [['d', 1280, 800], ['m', 390, 844]] as const;
for (const [name, ctx, path] of pages) {
  if (only && !only.split(',').includes(name)) continue;
  for (const [s, w, h] of sizes) {
    const page = await ctx.newPage();
    await page.setViewportSize({ width: w, height: h });
    const errs: string[] = [];
    page.on('pageerror', (e: Error) => errs.push(e.message));
    page.on('console', (m: any) => m.type() === 'error' && errs.push(m.text()));
    await page.goto(`${B}${path}`);
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(name === 'code' || name === 'aptitude' ? 4000 : 500);
    const audit = await page.evaluate(() => {
      const out: string[] = [];
      const de = document.documentElement;
      if (de.scrollWidth > window.innerWidth + 1) {
        const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && getComputedStyle(e).position !== 'fixed').slice(0, 4).map((e) => `${e.tagName}.${(e as HTMLElement).className}`);
        out.push(`OVERFLOW ${de.scrollWidth}>${window.innerWidth}: ${wide.join(' | ')}`);
      }
      for (const el of document.querySelectorAll('input,select,textarea')) {
        const i = el as HTMLInputElement;
        if (i.type === 'hidden' || i.offsetParent === null) continue;
        if (!(i.labels?.length || i.getAttribute('aria-label') || i.getAttribute('aria-labelledby') || i.title)) out.push(`NOLABEL ${i.tagName} ${i.name || i.id || i.placeholder}`);
      }
      for (const b of document.querySelectorAll('button,a[href],[role=button]')) {
        const e = b as HTMLElement;
        if (e.offsetParent === null) continue;
        const name = (e.getAttribute('aria-label') || e.textContent || e.title || (e.querySelector('img[alt]') as HTMLImageElement | null)?.alt || '').trim();
        if (!name || /^[^\w]{1,2}$/.test(name) && !e.getAttribute('aria-label')) out.push(`NONAME ${e.tagName} "${name}" ${e.className}`);
      }
      return out;
    });
    await page.screenshot({ path: `/tmp/rev-shots/${name}-${s}.png` });
    console.log(`${name}-${s}: ${page.url().replace(B, '')} ${[...new Set(audit)].join('; ')} ${errs.length ? `ERRORS ${errs.slice(0, 3).join(' / ')}` : ''}`);
    await page.close();
  }
}
// Interactions: flows and modals.
async function step(name: string, ctx: any, w: number, h: number, fn: (page: any) => Promise<string>) {
  if (only && !only.split(',').includes(name)) return;
  const page = await ctx.newPage();
  await page.setViewportSize({ width: w, height: h });
  const errs: string[] = [];
  page.on('pageerror', (e: Error) => errs.push(e.message));
  try {
    console.log(`${name}: ${await fn(page)} ${errs.join(' / ')}`);
  } catch (e) {
    console.log(`${name}: FAILED ${(e as Error).message.split('\n')[0]}`);
  }
  await page.screenshot({ path: `/tmp/rev-shots/x-${name}.png` }).catch(() => {});
  await page.close();
}
await step('signup-next', await browser.newContext(), 390, 844, async (page) => {
  await page.goto(`${B}/signup?email=zed%40cand.test&next=%2Fprofile`);
  await page.getByLabel('First Name').fill('Zed');
  await page.getByLabel('Last Name').fill('Zee');
  await page.getByLabel('Password', { exact: true }).fill(pw);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/login/);
  const at = page.url().replace(B, '');
  await page.getByLabel('Password', { exact: true }).fill(pw);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/profile/);
  return `login at ${at}, then ${page.url().replace(B, '')}`;
});
await step('bank-modal', empCtx, 390, 844, async (page) => {
  await page.goto(`${B}/admin/coding-test/edit/${coding.id}`);
  const opener = page.getByRole('button', { name: 'Add Problems' });
  await opener.click();
  await page.getByRole('dialog').waitFor();
  const f1 = await page.evaluate(() => document.activeElement?.getAttribute('placeholder') ?? document.activeElement?.textContent);
  await page.keyboard.type('sum');
  const typed = await page.getByPlaceholder('Search problems...').inputValue();
  await page.screenshot({ path: '/tmp/rev-shots/x-bank-open.png' });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const back = await page.evaluate(() => document.activeElement?.textContent);
  return `focus=${f1} typed=${typed} afterEscape=${back}`;
});
await step('demo', anon, 390, 844, async (page) => {
  await page.goto(`${B}/`);
  await page.getByRole('button', { name: /Watch Demo/ }).first().click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: '/tmp/rev-shots/x-demo-open.png' });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  return `afterEscape=${await page.evaluate(() => document.activeElement?.textContent)}`;
});
await step('code-start', candCtx, 1280, 800, async (page) => {
  await page.goto(`${B}/code/${coding.id}`);
  await page.getByRole('button', { name: 'Start Test' }).click();
  await page.waitForTimeout(8000);
  await page.screenshot({ path: '/tmp/rev-shots/x-code-d.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  return 'ok';
});
await step('apt-start', candCtx, 390, 844, async (page) => {
  await page.goto(`${B}/aptitude/${apt.id}`);
  await page.getByRole('button', { name: 'Start Test' }).click();
  await page.waitForTimeout(6000);
  await page.screenshot({ path: '/tmp/rev-shots/x-apt-m.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(500);
  await page.getByRole('button', { name: 'End Test' }).first().click().catch(() => {});
  await page.waitForTimeout(300);
  return `focus in end dialog: ${await page.evaluate(() => document.activeElement?.textContent)}`;
});
await browser.close();
await server.close();
process.exit(0);
