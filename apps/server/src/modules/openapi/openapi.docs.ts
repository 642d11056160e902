/**
 * Documentation for routes not yet on zod route schemas (lib/route-schema.ts, which new routes use):
 * `docs({...})` returns route options whose `schema` is the zod schema converted to JSON Schema (OpenAPI 3.0 dialect). Validation stays in the
 * handler (parseInput, our error shape) and serialisation stays JSON.stringify, so adding docs to a route
 * never changes what it accepts or answers.
 */
import type { FastifySchema } from 'fastify';
import { type ZodType, z } from 'zod';
import { zodToOpenApi as toJson } from '../../lib/route-schema';

type Json = Record<string, unknown>;

export interface RouteDocs {
  summary: string;
  description?: string;
  tags?: string[];
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  /** Status → zod schema (or a plain JSON schema) of the answer. */
  response?: Record<number, ZodType | Json>;
  /** Token scope that opens this route to API tokens (documented as x-token-scope). */
  scope?: string;
}

const noValidation = () => () => true;
const plainJson = () => (data: unknown) => JSON.stringify(data);

export function docs(d: RouteDocs) {
  const schema: FastifySchema & Json = { summary: d.summary };
  if (d.description) schema.description = d.description;
  if (d.tags) schema.tags = d.tags;
  if (d.body) schema.body = toJson(d.body, 'input');
  if (d.querystring) schema.querystring = toJson(d.querystring, 'input');
  if (d.params) schema.params = toJson(d.params, 'input');
  if (d.response) {
    schema.response = Object.fromEntries(
      Object.entries(d.response).map(([status, s]) => [status, s instanceof z.ZodType ? toJson(s, 'output') : s]),
    );
  }
  if (d.scope) schema['x-token-scope'] = d.scope;
  return { schema, validatorCompiler: noValidation, serializerCompiler: plainJson };
}
