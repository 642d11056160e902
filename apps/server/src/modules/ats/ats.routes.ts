/** ATS connectors (issue 45): the settings routes and each vendor's doors. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { ashbyRoutes } from './ashby.routes';
import { atsSettingsRoutes } from './ats.settings.routes';
import { greenhouseRoutes } from './greenhouse.routes';
import { leverRoutes } from './lever.routes';
import { workableRoutes } from './workable.routes';

export async function atsRoutes(app: FastifyInstance, deps: AppDeps) {
  await atsSettingsRoutes(app, deps);
  await greenhouseRoutes(app, deps);
  await leverRoutes(app, deps);
  await ashbyRoutes(app, deps);
  await workableRoutes(app, deps);
}
