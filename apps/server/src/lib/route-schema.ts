/**
 * Route schemas (issue 15): routes declare zod schemas for params, querystring, body and response statuses;
 * one mechanism validates, types, serialises and documents them.
 *
 *   typed(app).put('/api/x/:id', {
 *     preValidation: signedIn,
 *     schema: { params: ZIdParam, body: ZInput, response: { 200: ZAnswer } },
 *   }, async (req) => service(req.params.id, req.body));
 *
 * - Input: the validator compiler parses with zod; a failure is today's 400 VALIDATION AppError (message: the
 *   first field's message, fields) and a string holding U+0000 is refused like parseInput does. The handler
 *   gets the parsed values (coercions, defaults; unknown keys stripped) typed through ZodProvider.
 * - Output: the serializer compiler parses the answer with the status's response schema before
 *   JSON.stringify, so a key the schema does not declare never reaches the client (zod objects strip).
 *   Statuses without a schema (errors, 202s not declared) are sent as before.
 * - Docs: zodToOpenApi() turns the same schemas into the /api/openapi.json document (openapi.plugin.ts).
 * Validation runs before the handler, so a route that needs a session runs its guard in preValidation
 * (`signedIn`), keeping "401 before 400" as when handlers called requireUser before parseInput.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  preValidationAsyncHookHandler,
} from 'fastify';
import { type ZodType, z } from 'zod';
import { requireEmployer, requireUser } from './auth';
import { AppError, zodFields } from './errors';
import { findNul, NUL_MESSAGE } from './validate';

export interface ZodProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

export function isZod(schema: unknown): schema is ZodType {
  return schema instanceof z.ZodType;
}

/** The input error of parseInput, for a zod failure or a NUL character. */
export function inputError(schema: ZodType, data: unknown): { value: unknown } | { error: AppError } {
  const r = schema.safeParse(data ?? {});
  if (!r.success) {
    const fields = zodFields(r.error);
    return { error: new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields) };
  }
  const at = findNul(r.data, '', 0);
  if (at !== null) return { error: new AppError('VALIDATION', NUL_MESSAGE, { [at || '_']: NUL_MESSAGE }) };
  return { value: r.data };
}

const zodValidator: FastifySchemaCompiler<unknown> = ({ schema, method, url }) => {
  if (!isZod(schema)) throw new Error(`${method} ${url}: route schemas are zod schemas (or use docs())`);
  return (data) => inputError(schema, data);
};

const zodSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!isZod(schema)) throw new Error(`${method} ${url}: response schemas are zod schemas (or use docs())`);
  // The schema reads the answer as JSON would carry it (Dates as ISO text, undefined keys dropped). An answer
  // the schema refuses throws: a 500 with the detail in the log, never an unchecked body.
  return (data) => {
    const text = JSON.stringify(data);
    const r = schema.safeParse(text === undefined ? undefined : JSON.parse(text));
    // A plain Error (not the ZodError): the error handler must answer 500, not a 400 about our own data.
    if (!r.success) throw new Error(`${method} ${url}: the answer does not match its schema: ${r.error.message}`);
    return JSON.stringify(r.data);
  };
};

/** Installs the compilers on the app; call before registering routes. */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidator);
  app.setSerializerCompiler(zodSerializer);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return;
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    const entry = `${methods.filter((m) => m !== 'HEAD').join(',')} ${route.url}`;
    if (!response || !('200' in response || '201' in response)) routesWithoutResponseSchema(app).add(entry);
  });
}

const withoutResponse = new WeakMap<FastifyInstance, Set<string>>();
/**
 * The routes of an app that declare no 200/201 response schema (`METHOD /url`): the serializer cannot strip what
 * they answer, so route-coverage.test.ts keeps this list to the routes that answer no JSON of their own.
 */
export function routesWithoutResponseSchema(app: FastifyInstance): Set<string> {
  let set = withoutResponse.get(app);
  if (!set) {
    set = new Set();
    withoutResponse.set(app, set);
  }
  return set;
}

/** The app with handler types inferred from zod route schemas. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodProvider>();
}

/** preValidation guard: a signed-in user (401 before any input error, as requireUser first in a handler). */
export const signedIn: preValidationAsyncHookHandler = async (req: FastifyRequest) => {
  requireUser(req);
};
/** preValidation guard: an employer (401/403 before any input error). */
export const employerOnly: preValidationAsyncHookHandler = async (req: FastifyRequest) => {
  requireEmployer(req);
};

type Json = Record<string, unknown>;

/** JSON Schema (OpenAPI 3.0 dialect) of a zod schema: request parts as input, answers as output. */
export function zodToOpenApi(schema: ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as Json;
  return rest;
}
