/**
 * SCIM 2.0 (RFC 7643/7644) at /scim/v2 for a company's identity provider (issue 45): discovery, Users (the
 * company's members) and Groups (its roles), with the company's SCIM bearer token. Answers and errors are
 * application/scim+json. The routes stay thin: scim.users.ts and scim.groups.ts hold the rules.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { resourceTypes, schemas, serviceProviderConfig } from './scim.discovery';
import { notFound, SCIM_CONTENT_TYPE, ScimError } from './scim.errors';
import {
  GROUP_FILTER_ATTRIBUTES,
  groupResource,
  groupsMatching,
  patchGroup,
  replaceGroup,
  roleOfGroup,
} from './scim.groups';
import {
  checkIfMatch,
  installScimHttp,
  listResponse,
  notModified,
  project,
  readListQuery,
  readProjection,
  scimOf,
  sendResource,
} from './scim.http';
import { readPatch } from './scim.patch';
import { ZScimDocument, ZScimDocumentList, ZScimGroup, ZScimGroupList, ZScimUser, ZScimUserList } from './scim.schemas';
import { readUserPatch, readUserResource, toScimUser, userVersion } from './scim.user-model';
import { changeUser, createUser, deleteUser, findUserView, listUsers, USER_FILTER_ATTRIBUTES } from './scim.users';

type Params = { id: string };

export async function scimRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(
    async (scope) => {
      installScimHttp(scope, deps);
      const json = (reply: import('fastify').FastifyReply) => reply.type(SCIM_CONTENT_TYPE);

      // Discovery (RFC 7644 §4)
      scope.get('/ServiceProviderConfig', { schema: { response: { 200: ZScimDocument } } }, async (req, reply) =>
        json(reply).send(serviceProviderConfig(scimOf(req).baseUrl)),
      );
      scope.get('/ResourceTypes', { schema: { response: { 200: ZScimDocumentList } } }, async (req, reply) => {
        const all = resourceTypes(scimOf(req).baseUrl);
        return json(reply).send(listResponse(all, all.length, 1));
      });
      scope.get<{ Params: Params }>(
        '/ResourceTypes/:id',
        { schema: { response: { 200: ZScimDocument } } },
        async (req, reply) => {
          const found = resourceTypes(scimOf(req).baseUrl).find((t) => t.id === req.params.id);
          if (!found) throw notFound('ResourceType', req.params.id);
          return json(reply).send(found);
        },
      );
      scope.get('/Schemas', { schema: { response: { 200: ZScimDocumentList } } }, async (req, reply) => {
        const all = schemas(scimOf(req).baseUrl);
        return json(reply).send(listResponse(all, all.length, 1));
      });
      scope.get<{ Params: Params }>(
        '/Schemas/:id',
        { schema: { response: { 200: ZScimDocument } } },
        async (req, reply) => {
          const found = schemas(scimOf(req).baseUrl).find((s) => s.id === req.params.id);
          if (!found) throw notFound('Schema', req.params.id);
          return json(reply).send(found);
        },
      );

      // Users (RFC 7644 §3.3–§3.6)
      scope.get('/Users', { schema: { response: { 200: ZScimUserList } } }, async (req, reply) => {
        const ctx = scimOf(req);
        const q = readListQuery(req, USER_FILTER_ATTRIBUTES);
        const { total, resources } = await listUsers(ctx, q);
        return json(reply).send(
          listResponse(
            resources.map((r) => project(r, q)),
            total,
            q.startIndex,
          ),
        );
      });
      scope.post('/Users', { schema: { response: { 201: ZScimUser } } }, async (req, reply) => {
        const ctx = scimOf(req);
        const view = await createUser(ctx, readUserResource(req.body));
        return sendResource(reply, 201, toScimUser(ctx, view));
      });
      scope.get<{ Params: Params }>('/Users/:id', { schema: { response: { 200: ZScimUser } } }, async (req, reply) => {
        const ctx = scimOf(req);
        const view = await findUserView(ctx, ctx.db, req.params.id);
        if (notModified(req, userVersion(view))) return reply.status(304).header('etag', userVersion(view)).send();
        return sendResource(reply, 200, project(toScimUser(ctx, view), readProjection(req)));
      });
      scope.put<{ Params: Params }>('/Users/:id', { schema: { response: { 200: ZScimUser } } }, async (req, reply) => {
        const ctx = scimOf(req);
        const input = readUserResource(req.body);
        const view = await changeUser(ctx, req.params.id, input, (v) => checkIfMatch(req, userVersion(v)));
        return sendResource(reply, 200, toScimUser(ctx, view));
      });
      scope.patch<{ Params: Params }>(
        '/Users/:id',
        { schema: { response: { 200: ZScimUser } } },
        async (req, reply) => {
          const ctx = scimOf(req);
          const changes = readUserPatch(readPatch(req.body));
          const view = await changeUser(ctx, req.params.id, changes, (v) => checkIfMatch(req, userVersion(v)));
          return sendResource(reply, 200, toScimUser(ctx, view));
        },
      );
      scope.delete<{ Params: Params }>('/Users/:id', async (req, reply) => {
        await deleteUser(scimOf(req), req.params.id, (v) => checkIfMatch(req, userVersion(v)));
        return reply.status(204).send();
      });

      // Groups: the company's roles
      scope.get('/Groups', { schema: { response: { 200: ZScimGroupList } } }, async (req, reply) => {
        const ctx = scimOf(req);
        const q = readListQuery(req, GROUP_FILTER_ATTRIBUTES);
        const roles = groupsMatching(q.terms);
        const page = roles.slice(q.startIndex - 1, q.startIndex - 1 + q.count);
        const withMembers = !q.excluded.includes('members') && (!q.attributes || q.attributes.includes('members'));
        const resources = await Promise.all(page.map((r) => groupResource(ctx, ctx.db, r, withMembers)));
        return json(reply).send(
          listResponse(
            resources.map((r) => project(r, q)),
            roles.length,
            q.startIndex,
          ),
        );
      });
      scope.post('/Groups', async (req) => {
        const name = (req.body as { displayName?: unknown } | undefined)?.displayName;
        if (typeof name === 'string' && groupsMatching([{ attr: 'displayname', value: name }]).length > 0)
          throw new ScimError(
            409,
            `The group ${name.toLowerCase()} exists: link to it instead of creating it`,
            'uniqueness',
          );
        throw new ScimError(
          403,
          "Assessly's groups are its roles (admin, recruiter, reviewer; owner is read-only): link to one of them, none is created",
        );
      });
      scope.get<{ Params: Params }>(
        '/Groups/:id',
        { schema: { response: { 200: ZScimGroup } } },
        async (req, reply) => {
          const ctx = scimOf(req);
          const p = readProjection(req);
          const withMembers = !p.excluded.includes('members') && (!p.attributes || p.attributes.includes('members'));
          const group = await groupResource(ctx, ctx.db, roleOfGroup(req.params.id), withMembers);
          if (notModified(req, group.meta.version)) return reply.status(304).header('etag', group.meta.version).send();
          return sendResource(reply, 200, project(group, p));
        },
      );
      scope.patch<{ Params: Params }>(
        '/Groups/:id',
        { schema: { response: { 200: ZScimGroup } } },
        async (req, reply) => {
          const ctx = scimOf(req);
          const role = roleOfGroup(req.params.id);
          await patchGroup(ctx, role, readPatch(req.body), async (v) => checkIfMatch(req, v));
          return sendResource(reply, 200, await groupResource(ctx, ctx.db, role, true));
        },
      );
      scope.put<{ Params: Params }>(
        '/Groups/:id',
        { schema: { response: { 200: ZScimGroup } } },
        async (req, reply) => {
          const ctx = scimOf(req);
          const role = roleOfGroup(req.params.id);
          await replaceGroup(ctx, role, req.body, async (v) => checkIfMatch(req, v));
          return sendResource(reply, 200, await groupResource(ctx, ctx.db, role, true));
        },
      );
      scope.delete<{ Params: Params }>('/Groups/:id', async (req) => {
        roleOfGroup(req.params.id);
        throw new ScimError(403, "Assessly's roles cannot be deleted; their members stay as they are");
      });
    },
    { prefix: '/scim/v2' },
  );
}
