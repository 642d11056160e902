import { LANGUAGES } from '@assessly/judge';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

const NAMES: Record<string, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python 3',
  java: 'Java',
  cpp: 'C++17',
};

export async function judgingRoutes(app: FastifyInstance, deps: AppDeps) {
  // Read deps.judging per call: tests attach their own judge after the app is built.
  deps.healthParts.judge ??= () => deps.judging?.health() ?? { state: 'not-configured' };

  /** The judge's languages with availability; a missing toolchain is listed with a message, never hidden. */
  app.get('/api/languages', async () => {
    const judging = deps.judging;
    if (!judging) {
      return LANGUAGES.map((id) => ({
        id,
        name: NAMES[id] ?? id,
        version: null,
        available: false,
        message: 'The judge is not running on this server',
      }));
    }
    return judging.judge.languages();
  });
}
