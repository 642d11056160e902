/**
 * A company's pipeline stages (issue 26; shared/pipeline.ts). Everyone in the company reads them (the results
 * page lists them); owners and admins ('company.manage') change them. The built-in stages stay in every
 * pipeline with their labels; a stage that still holds candidates cannot be removed (move them first). An own
 * stage may carry the email a notified candidate gets (subject and body with placeholders; status-mail.ts).
 */

/** What companies.pipeline_stages stores per stage (mail only on an own stage with its own email). */
export type StoredStage = { key: string; label: string; mail?: TStageMail };

import {
  BUILT_IN_STAGES,
  DEFAULT_PIPELINE,
  isBuiltInStage,
  type TPipeline,
  type TPipelineStage,
  type TPipelineUpdate,
  type TStageMail,
  unknownPlaceholders,
} from '@assessly/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, companies, tests, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { authorize } from '../../lib/policy';

/** The stages of a company (the default pipeline until it saves its own). */
export async function companyStages(db: Db, companyId: string): Promise<TPipelineStage[]> {
  const [row] = await db
    .select({ stages: companies.pipelineStages })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return stagesOf(row?.stages ?? null);
}

export function stagesOf(stored: StoredStage[] | null): TPipelineStage[] {
  if (!stored) return DEFAULT_PIPELINE.map((s) => ({ ...s }));
  return stored.map((s) => ({
    key: s.key,
    label: s.label,
    builtIn: isBuiltInStage(s.key),
    mail: s.mail ? { subject: s.mail.subject, body: s.mail.body } : null,
  }));
}

/** A status given to a route must be a stage of the caller's company (400 otherwise, on the status field). */
export async function requireStage(db: Db, companyId: string | null, key: string): Promise<TPipelineStage> {
  // A test without a company (none in practice) has the built-in stages only.
  const stages = companyId ? await companyStages(db, companyId) : DEFAULT_PIPELINE.filter((s) => s.builtIn);
  const stage = stages.find((s) => s.key === key);
  if (!stage) {
    throw new AppError('VALIDATION', 'Status must be a stage of your pipeline', {
      status: 'Status must be a stage of your pipeline',
    });
  }
  return stage;
}

function requireCompany(user: UserRow): string {
  if (!user.companyId) throw new AppError('NOT_FOUND', 'Company not found');
  return user.companyId;
}

export async function readPipeline(deps: Pick<AppDeps, 'db'>, user: UserRow): Promise<TPipeline> {
  authorize(user, 'review.read');
  return { stages: await companyStages(deps.db, requireCompany(user)) };
}

/** A key for a new stage from its label: "Phone screen" → phone_screen (made unique with a number). */
function keyFor(label: string, taken: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '') // "Entretien planifié" → entretien_planifie
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 32) || 'stage';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

export async function savePipeline(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  input: TPipelineUpdate,
): Promise<TPipeline> {
  authorize(user, 'company.manage');
  const companyId = requireCompany(user);
  const current = await companyStages(deps.db, companyId);
  const fields: Record<string, string> = {};
  const taken = new Set(input.stages.flatMap((s) => (s.key ? [s.key] : [])));
  const seen = new Set<string>();
  const labels = new Set<string>();
  const next: StoredStage[] = [];
  input.stages.forEach((s, i) => {
    if (s.key !== undefined) {
      if (seen.has(s.key)) fields[`stages.${i}.key`] = 'This stage is listed twice';
      const known = isBuiltInStage(s.key) || current.some((c) => c.key === s.key);
      if (!known) fields[`stages.${i}.key`] = 'Unknown stage';
      if (isBuiltInStage(s.key) && s.label !== BUILT_IN_STAGES[s.key]) {
        fields[`stages.${i}.label`] = `${BUILT_IN_STAGES[s.key]} is a built-in stage and keeps its name`;
      }
      seen.add(s.key);
    }
    const lower = s.label.toLowerCase();
    if (labels.has(lower)) fields[`stages.${i}.label`] = `Two stages are named ${s.label}`;
    labels.add(lower);
    const key = s.key ?? keyFor(s.label, taken);
    taken.add(key);
    // mail: left out keeps the stored email, null is the default text again
    const mail = s.mail === undefined ? current.find((c) => c.key === key)?.mail : s.mail;
    if (mail && isBuiltInStage(key)) {
      fields[`stages.${i}.mail`] = `${BUILT_IN_STAGES[key]} keeps its own email: change it on the Email templates page`;
    }
    if (mail && !isBuiltInStage(key)) {
      for (const part of ['subject', 'body'] as const) {
        const unknown = unknownPlaceholders(mail[part]);
        if (unknown.length > 0) {
          fields[`stages.${i}.mail.${part}`] =
            `Unknown placeholder {${unknown[0]}}: use {candidateName}, {testName}, {stageLabel} or {companyName}`;
        }
      }
    }
    next.push(
      mail ? { key, label: s.label, mail: { subject: mail.subject, body: mail.body } } : { key, label: s.label },
    );
  });
  for (const builtIn of Object.keys(BUILT_IN_STAGES)) {
    if (!seen.has(builtIn)) {
      fields.stages = `${BUILT_IN_STAGES[builtIn as keyof typeof BUILT_IN_STAGES]} is a built-in stage and cannot be removed`;
    }
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION', Object.values(fields)[0] ?? 'Check the stages', fields);
  }
  // A removed stage must be empty: its candidates would otherwise sit in a stage nobody can see.
  const removed = current.filter((c) => !seen.has(c.key)).map((c) => c.key);
  if (removed.length > 0) {
    const held = await deps.db
      .select({ stage: attempts.hiringStatus, n: count() })
      .from(attempts)
      .innerJoin(tests, eq(tests.id, attempts.testId))
      .where(
        and(eq(tests.companyId, companyId), inArray(attempts.hiringStatus, removed), eq(attempts.isPreview, false)),
      )
      .groupBy(attempts.hiringStatus);
    const first = held.find((h) => h.n > 0);
    if (first) {
      const label = current.find((c) => c.key === first.stage)?.label ?? first.stage;
      throw new AppError(
        'CONFLICT',
        `${first.n} candidate${first.n === 1 ? ' is' : 's are'} in ${label}: move them to another stage before removing it`,
      );
    }
  }
  await deps.db.update(companies).set({ pipelineStages: next }).where(eq(companies.id, companyId));
  return { stages: stagesOf(next) };
}
