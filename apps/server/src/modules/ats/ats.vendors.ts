/**
 * What each vendor gets back when a candidate finishes (issue 45), in the vendor's own shapes:
 * - Greenhouse: PATCH of the `url` it gave in send_test, with the test_status body (Basic auth, our key as user).
 * - Lever: a note on the opportunity (POST /opportunities/:id/notes) and, when configured, a stage move
 *   (PUT /opportunities/:id/stage), both as the `perform_as` user, Basic auth with the company's Lever API key.
 * - Ashby: POST /assessment.update with the status, score and report link (Basic auth, the company's Ashby key).
 * - Workable: PUT of the `callback_url` it gave, with status, score and results_url (Bearer, Workable's token).
 * Bodies are built when the result is queued (they are the log); authentication is added at each send, from the
 * connection as it is then (a rotated key is used at once, a deleted connection fails the delivery).
 */
import type { TAtsVendor } from '@assessly/shared';
import type { AtsOrderRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { type AtsSecrets, findConnection } from './ats.connections';

export const DEFAULT_API_BASE: Partial<Record<TAtsVendor, string>> = {
  lever: 'https://api.lever.co/v1',
  ashby: 'https://api.ashbyhq.com',
};

/** A percentage with one decimal (what the vendors show as the score). */
export function percentOf(score: number | null, maxScore: number | null): number {
  if (!maxScore || score == null) return 0;
  return Math.round((score / maxScore) * 1000) / 10;
}

export interface PlannedDelivery {
  kind: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  body: string;
}

export interface ResultFacts {
  testName: string;
  reportUrl: string;
}

/** The body of Greenhouse's test_status answer (also the body of its completion PATCH). */
export function greenhouseStatus(order: AtsOrderRow, publicUrl: string, started: boolean) {
  if (order.status !== 'completed' || !order.attemptId)
    return { partner_status: order.status === 'cancelled' ? 'cancelled' : started ? 'in_progress' : 'pending' };
  return {
    partner_status: 'complete',
    partner_profile_url: `${publicUrl}/admin/reports/${order.attemptId}`,
    partner_score: percentOf(order.score, order.maxScore),
    metadata: {
      Score: `${order.score ?? 0} / ${order.maxScore ?? 0}`,
      Result: order.passed ? 'Passed' : 'Failed',
    },
  };
}

function scoreLine(order: AtsOrderRow) {
  return `${order.score ?? 0} / ${order.maxScore ?? 0} (${percentOf(order.score, order.maxScore)}%, ${order.passed ? 'passed' : 'failed'})`;
}

export async function resultDeliveries(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  order: AtsOrderRow,
  facts: ResultFacts,
): Promise<PlannedDelivery[]> {
  const conn = await findConnection(deps.db, order.companyId, order.vendor);
  const base = (conn?.settings.apiBaseUrl || DEFAULT_API_BASE[order.vendor] || '').replace(/\/+$/, '');
  const json = (v: unknown) => JSON.stringify(v);
  switch (order.vendor) {
    case 'greenhouse':
      if (!order.callbackUrl) return [];
      return [
        {
          kind: 'greenhouse.complete',
          method: 'PATCH',
          url: order.callbackUrl,
          body: json({ partner_interview_id: order.id, ...greenhouseStatus(order, deps.config.publicUrl, true) }),
        },
      ];
    case 'lever': {
      const opportunity = encodeURIComponent(order.context.opportunityId ?? '');
      const performAs = conn?.settings.performAs;
      const query = performAs ? `?perform_as=${encodeURIComponent(performAs)}` : '';
      const planned: PlannedDelivery[] = [
        {
          kind: 'lever.note',
          method: 'POST',
          url: `${base}/opportunities/${opportunity}/notes${query}`,
          body: json({
            value: `Assessly: ${facts.testName} completed. Score ${scoreLine(order)}. Report: ${facts.reportUrl}`,
          }),
        },
      ];
      const stage = conn?.settings.moveToStageId;
      if (stage)
        planned.push({
          kind: 'lever.stage',
          method: 'PUT',
          url: `${base}/opportunities/${opportunity}/stage${query}`,
          body: json({ stage }),
        });
      return planned;
    }
    case 'ashby':
      return [
        {
          kind: 'ashby.update',
          method: 'POST',
          url: `${base}/assessment.update`,
          body: json({
            assessment_id: order.id,
            candidate_id: order.context.candidateId ?? null,
            timestamp: deps.clock.now().getTime(),
            assessment_status: { identifier: 'status', label: 'Status', type: 'Text', value: 'Completed' },
            assessment_profile_url: facts.reportUrl,
            assessment_result: {
              identifier: 'score',
              label: 'Score',
              type: 'Number',
              value: percentOf(order.score, order.maxScore),
            },
            metadata: [
              { identifier: 'result', label: 'Result', type: 'Text', value: order.passed ? 'Passed' : 'Failed' },
            ],
          }),
        },
      ];
    case 'workable':
      if (!order.callbackUrl) return [];
      return [
        {
          kind: 'workable.results',
          method: 'PUT',
          url: order.callbackUrl,
          body: json({
            status: 'completed',
            results_url: facts.reportUrl,
            score: String(percentOf(order.score, order.maxScore)),
            grade: order.passed ? 'passed' : 'failed',
            summary: `${facts.testName}: ${scoreLine(order)}`,
          }),
        },
      ];
  }
}

const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64')}`;

/** The Authorization header of a delivery, from the connection's secrets; null when the secret is missing. */
export function authorizationFor(vendor: TAtsVendor, secrets: AtsSecrets): string | null {
  switch (vendor) {
    case 'greenhouse':
      return secrets.inboundKey ? basic(secrets.inboundKey) : null;
    case 'lever':
    case 'ashby':
      return secrets.apiKey ? basic(secrets.apiKey) : null;
    case 'workable':
      return secrets.apiKey ? `Bearer ${secrets.apiKey}` : null;
  }
}
