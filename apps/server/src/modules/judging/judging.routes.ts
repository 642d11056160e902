import { LANGUAGES } from '@assessly/judge';
import { ZLanguageInfo } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { typed } from '../../lib/route-schema';

const NAMES: Record<string, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python 3',
  java: 'Java',
  cpp: 'C++17',
  c: 'C17',
  csharp: 'C#',
  go: 'Go',
  rust: 'Rust',
  kotlin: 'Kotlin',
  ruby: 'Ruby',
  php: 'PHP',
};

export async function judgingRoutes(app: FastifyInstance, deps: AppDeps) {
  // Read deps.judging per call: tests attach their own judge after the app is built.
  deps.healthParts.judge ??= () => deps.judging?.health() ?? { state: 'not-configured' };

  /** The judge's languages with availability; a missing toolchain is listed with a message, never hidden. */
  typed(app).get('/api/languages', { schema: { response: { 200: z.array(ZLanguageInfo) } } }, async () => {
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
