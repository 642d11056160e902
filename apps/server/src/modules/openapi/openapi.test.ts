import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support';

const SPEC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../shared/spec');

/** "METHOD /api/path" of every row of the spec's call tables ("and /all" style shorthands expanded). */
export function specCalls(markdown: string): string[] {
  const calls: string[] = [];
  for (const line of markdown.split('\n')) {
    const m = /^\|\s*(GET|POST|PUT|DELETE|PATCH)\s+([^|]+?)\s*\|/.exec(line);
    if (!m) continue;
    const method = m[1]!;
    let previous = '';
    for (const raw of m[2]!.replace(/\(.*?\)/g, '').split(/\s+and\s+/)) {
      let p = raw.trim().split('?')[0]!.split(/\s/)[0]!;
      if (!p.startsWith('/')) continue;
      if (!p.startsWith('/api/')) p = `${previous.slice(0, previous.lastIndexOf('/'))}${p}`;
      previous = p;
      calls.push(`${method} ${p}`);
    }
  }
  return [...new Set(calls)];
}

const t = useTestApp();
let doc: { openapi: string; paths: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  const res = await t.as(null).get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("lists every call of the specification's call tables", () => {
    const files = ['part1-accounts-pages-authoring.md', 'part2-taking-proctoring-dashboard.md'];
    const calls = files.flatMap((f) => specCalls(readFileSync(path.join(SPEC_DIR, f), 'utf8')));
    expect(calls.length).toBeGreaterThan(20);
    expect(calls).toContain('GET /api/aptitude-questions/all');
    expect(calls).toContain('GET /api/coding-tests');
    const missing = calls.filter((c) => {
      const [method, p] = c.split(' ') as [string, string];
      return !doc.paths[p]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('documents the integration routes with their request schemas and token scopes', () => {
    const create = doc.paths['/api/companies/api-tokens']?.post as { requestBody?: unknown };
    expect(JSON.stringify(create.requestBody)).toContain('invitations:write');
    const getTest = doc.paths['/api/tests/{id}']?.get as { parameters: { name: string; in: string }[] } & Record<
      string,
      unknown
    >;
    expect(getTest.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    expect(getTest['x-token-scope']).toBe('tests:read');
    expect(getTest.summary).toMatch(/candidate projection/);
    expect(doc.paths['/api/companies/webhooks']?.post).toBeDefined();
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('documents zod route schemas: parameters, request body and the response shape', () => {
    const drafts = (doc.paths['/api/attempts/{testId}/drafts']?.put ?? {}) as Record<string, unknown>;
    expect(drafts.parameters).toContainEqual(expect.objectContaining({ name: 'testId', in: 'path' }));
    expect(JSON.stringify(drafts.requestBody)).toContain('baseRevision');
    const takeGet = doc.paths['/api/attempts/take/{testId}']?.get as { responses?: unknown } | undefined;
    const take = JSON.stringify(takeGet?.responses ?? null);
    expect(take).toContain('questionText');
    // the candidate projections: no hidden cases, solution or answers in the documented shape either
    expect(take).not.toMatch(/testCases|solution|correctAnswer|explanation/);
  });
});
