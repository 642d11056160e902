import type { TAtsConnection, TAtsVendor, TSaveAtsConnection, TTest } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { useMe } from '../auth/use-auth';
import { AtsDeliveries } from './ats-deliveries';
import { deleteAtsConnection, listAtsConnections, saveAtsConnection } from './integrations-api';
import { FormError, SecretOnce } from './settings-form';
import { errorText, SettingsPage } from './settings-nav';

export const ATS_KEY = ['ats-connections'] as const;

interface VendorInfo {
  name: string;
  /** What the ATS calls the fields we show (docs/INTEGRATIONS.md has the steps). */
  endpointLabel: string;
  keyLabel?: string;
  apiKeyLabel?: string;
  lever?: boolean;
}

const VENDORS: Record<TAtsVendor, VendorInfo> = {
  greenhouse: {
    name: 'Greenhouse',
    endpointLabel: 'Base URL of the partner endpoints (list_tests, send_test, test_status, response_error)',
    keyLabel: 'API key to give Greenhouse',
  },
  lever: {
    name: 'Lever',
    endpointLabel: 'Webhook URL (Lever: Settings → Integrations and API → Webhooks → Candidate stage change)',
    apiKeyLabel: 'Lever API key (Settings → Integrations and API → API credentials)',
    lever: true,
  },
  ashby: {
    name: 'Ashby',
    endpointLabel: 'Base URL of the partner endpoints (assessment.list, assessment.start, assessment.cancel)',
    keyLabel: 'API key to give Ashby',
    apiKeyLabel: 'Ashby API key with candidatesWrite (for assessment.update)',
  },
  workable: {
    name: 'Workable',
    endpointLabel: 'Base URL of the provider endpoints (/tests, /assessments)',
    keyLabel: 'Access token to give Workable',
    apiKeyLabel: 'Access token Workable generated for the integration (for the results callback)',
  },
};

/** /admin/settings/ats (issue 45): each ATS connector's configuration and the log of results sent back. */
export function AtsPage() {
  const connections = useQuery({ queryKey: ATS_KEY, queryFn: listAtsConnections });
  return (
    <SettingsPage
      title="ATS connectors"
      intro="Recruiters order Assessly tests from Greenhouse, Lever, Ashby or Workable; the candidate gets the normal invitation to an invite-only test, and the score and report link flow back once the attempt is complete."
    >
      {connections.isError && (
        <p className="alert alert-error">{errorText(connections.error, 'Could not load the ATS connectors.')}</p>
      )}
      {connections.data &&
        (Object.keys(VENDORS) as TAtsVendor[]).map((v) => (
          <VendorCard key={v} vendor={v} current={connections.data.find((c) => c.vendor === v) ?? null} />
        ))}
      <AtsDeliveries />
    </SettingsPage>
  );
}

function VendorCard({ vendor, current }: { vendor: TAtsVendor; current: TAtsConnection | null }) {
  const info = VENDORS[vendor];
  const qc = useQueryClient();
  const me = useMe();
  const tests = useQuery({
    queryKey: ['ats-tests', me.data?.id],
    queryFn: () => api<TTest[]>(`/api/tests/by-user/${me.data?.id}`),
    enabled: !!info.lever && !!me.data?.id,
  });
  const [form, setForm] = useState({
    enabled: current?.enabled ?? true,
    apiKey: '',
    signingToken: '',
    apiBaseUrl: current?.apiBaseUrl ?? '',
    testId: current?.testId ?? '',
    triggerStageId: current?.triggerStageId ?? '',
    performAs: current?.performAs ?? '',
    moveToStageId: current?.moveToStageId ?? '',
  });
  const [secret, setSecret] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: TSaveAtsConnection) => saveAtsConnection(vendor, body),
    onSuccess: async (saved) => {
      setSecret(saved.inboundKey);
      setForm((f) => ({ ...f, apiKey: '', signingToken: '' }));
      await qc.invalidateQueries({ queryKey: ATS_KEY });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteAtsConnection(vendor),
    onSuccess: () => qc.invalidateQueries({ queryKey: ATS_KEY }),
  });
  const submit = (e: FormEvent, rotateKey = false) => {
    e.preventDefault();
    setSecret(null);
    const body: TSaveAtsConnection = { enabled: form.enabled, apiBaseUrl: form.apiBaseUrl || null };
    if (form.apiKey) body.apiKey = form.apiKey;
    if (rotateKey) body.rotateKey = true;
    if (info.lever) {
      if (form.signingToken) body.signingToken = form.signingToken;
      Object.assign(body, {
        testId: form.testId || null,
        triggerStageId: form.triggerStageId || null,
        performAs: form.performAs || null,
        moveToStageId: form.moveToStageId || null,
      });
    }
    save.mutate(body);
  };
  const id = (field: string) => `ats-${vendor}-${field}`;
  const text = (field: keyof typeof form, label: string, type = 'text', placeholder = '') => (
    <div className="field">
      <label htmlFor={id(field)}>{label}</label>
      <input
        id={id(field)}
        className="input"
        type={type}
        placeholder={placeholder}
        autoComplete="off"
        value={String(form[field])}
        onChange={(e) => setForm({ ...form, [field]: e.target.value })}
      />
    </div>
  );
  const invited = tests.data?.filter((t) => t.access === 'invited') ?? [];

  return (
    <section className="card" aria-labelledby={id('title')}>
      <h2 id={id('title')}>
        {info.name}{' '}
        {current ? (
          <span className={`badge ${current.enabled ? 'badge-success' : ''}`}>{current.enabled ? 'On' : 'Off'}</span>
        ) : (
          <span className="badge">Not set up</span>
        )}
      </h2>
      <form onSubmit={(e) => submit(e)}>
        {current && (
          <div className="field">
            <label htmlFor={id('endpoint')}>{info.endpointLabel}</label>
            <input id={id('endpoint')} className="input" value={current.endpointUrl} readOnly />
          </div>
        )}
        <div className="field">
          <label htmlFor={id('enabled')}>
            <input
              id={id('enabled')}
              type="checkbox"
              checked={form.enabled}
              onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
            />{' '}
            Enabled
          </label>
        </div>
        {info.apiKeyLabel &&
          text(
            'apiKey',
            `${info.apiKeyLabel}${current?.hasApiKey ? ' — saved; enter a new one to replace it' : ''}`,
            'password',
          )}
        {info.lever && (
          <>
            {text(
              'signingToken',
              `Webhook signature token${current?.hasSigningToken ? ' — saved; enter a new one to replace it' : ''}`,
              'password',
            )}
            <div className="field">
              <label htmlFor={id('testId')}>Test sent (invite-only tests)</label>
              <select
                id={id('testId')}
                className="input"
                value={form.testId}
                onChange={(e) => setForm({ ...form, testId: e.target.value })}
              >
                <option value="">Choose a test</option>
                {invited.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.testName}
                  </option>
                ))}
              </select>
            </div>
            {text('triggerStageId', 'Stage id that sends the test')}
            {text('performAs', 'Lever user id the note is written as (perform_as)')}
            {text('moveToStageId', 'Stage id to move a finished candidate to (optional)')}
          </>
        )}
        {(info.lever || vendor === 'ashby') &&
          text(
            'apiBaseUrl',
            'API base URL (leave empty for the default)',
            'url',
            vendor === 'lever' ? 'https://api.lever.co/v1' : 'https://api.ashbyhq.com',
          )}
        <FormError error={save.error ?? remove.error} fallback="Could not save the connector." />
        <SecretOnce secret={secret} notice={`${info.keyLabel ?? 'Key'} — copy it now, it will not be shown again.`} />
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {current ? 'Save' : `Set up ${info.name}`}
          </button>
          {current?.hasInboundKey && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={save.isPending}
              onClick={(e) => submit(e, true)}
            >
              Rotate key
            </button>
          )}
          {current && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
