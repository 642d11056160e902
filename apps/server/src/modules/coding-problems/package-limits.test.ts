/**
 * Issue 23: a small archive of repetitive data cannot store tens of megabytes, and imports are rate-limited per
 * session (each one unpacks and stores data).
 */
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/factories';
import { useSignedIn, useTestApp } from '../../../test/support';
import { writeZip } from './zip';

const t = useTestApp();
const author = useSignedIn(t, { role: 'employer' });

const f = (name: string, data: string | Buffer) => ({ name, data: Buffer.isBuffer(data) ? data : Buffer.from(data) });

function pkg(secretCases: number, caseBytes: number): Buffer {
  const big = Buffer.alloc(caseBytes, 0x31);
  return writeZip([
    f('p/problem.yaml', 'name: "Big"\n'),
    f('p/problem_statement/problem.en.md', '# Big\n\nEcho the input.\n'),
    f('p/data/sample/1.in', '1\n'),
    f('p/data/sample/1.ans', '1\n'),
    ...Array.from({ length: secretCases }, (_, i) => [
      f(`p/data/secret/${i}.in`, big),
      f(`p/data/secret/${i}.ans`, big),
    ]).flat(),
  ]);
}

function upload(user: SignedInUser, zip: Buffer) {
  const boundary = '----assessly-limits';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="package"; filename="p.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/coding-tests/import',
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('package import limits', () => {
  it('refuses a small archive that would store more than 4 MB, and stores nothing', async () => {
    const zip = pkg(3, 900_000);
    expect(zip.length).toBeLessThan(100_000);
    const before = (await t.as(author).get('/api/coding-tests')).json().length;
    const res = await upload(author, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PACKAGE_INVALID' });
    expect(res.json().message).toMatch(/more than 4 MB/);
    expect((await t.as(author).get('/api/coding-tests')).json().length).toBe(before);
  });

  it('limits imports per session to 10 a minute', async () => {
    const importer = await t.signIn({ role: 'employer' });
    const small = pkg(1, 10);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await upload(importer, small)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
