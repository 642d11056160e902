import { WEBHOOK_EVENTS } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks } from './integrations-api';
import { CheckboxGroup, SecretForm } from './settings-form';
import { errorText, SettingsPage } from './settings-nav';

const KEY = ['webhooks'] as const;

/** /admin/settings/webhooks: add endpoints (signing secret shown once), read each one's delivery log. */
export function WebhooksPage() {
  const qc = useQueryClient();
  const hooks = useQuery({ queryKey: KEY, queryFn: listWebhooks });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENTS]);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createWebhook({ url, events }),
    onSuccess: async (w) => {
      setSecret(w.secret);
      setUrl('');
      await qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const remove = useMutation({ mutationFn: deleteWebhook, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });

  return (
    <SettingsPage
      title="Webhooks"
      intro='Each delivery is a signed POST: X-Assessly-Signature is "sha256=" + HMAC-SHA256 of "<X-Assessly-Timestamp>.<raw body>" with the secret. Failed deliveries are retried with backoff for a day.'
    >
      <SecretForm
        id="new-webhook"
        title="New webhook"
        submitLabel="Add webhook"
        mutation={create}
        errorFallback="Could not add the webhook."
        secret={secret}
        secretNotice="Signing secret — copy it now, it will not be shown again."
        onClearSecret={() => setSecret(null)}
      >
        <div className="field">
          <label htmlFor="webhook-url">Endpoint URL</label>
          <input
            id="webhook-url"
            type="url"
            placeholder="https://ats.example.com/assessly"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
          />
        </div>
        <CheckboxGroup legend="Events" options={WEBHOOK_EVENTS} selected={events} onChange={setEvents} />
      </SecretForm>
      {hooks.isError && <p className="alert alert-error">{errorText(hooks.error, 'Could not load webhooks.')}</p>}
      {hooks.data?.map((h) => (
        <section key={h.id} className="card" aria-label={`Webhook ${h.url}`}>
          <h2>{h.url}</h2>
          <p className="muted">
            {h.events.join(', ')} · added {formatDateTime(h.createdAt)}
          </p>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(open === h.id ? null : h.id)}>
            {open === h.id ? 'Hide deliveries' : 'Show deliveries'}
          </button>{' '}
          <button type="button" className="btn btn-danger btn-sm" onClick={() => remove.mutate(h.id)}>
            Delete
          </button>
          {open === h.id && <Deliveries webhookId={h.id} />}
        </section>
      ))}
    </SettingsPage>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const log = useQuery({
    queryKey: ['webhook-deliveries', webhookId],
    queryFn: () => listDeliveries(webhookId),
    refetchInterval: 5000,
  });
  if (log.isError) return <p className="alert alert-error">{errorText(log.error, 'Could not load deliveries.')}</p>;
  if (log.data?.length === 0) return <p className="muted">No deliveries yet.</p>;
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Tries</th>
            <th scope="col">Last try</th>
            <th scope="col">Response</th>
          </tr>
        </thead>
        <tbody>
          {log.data?.map((d) => (
            <tr key={d.id}>
              <td>{d.event}</td>
              <td>
                <span
                  className={`badge ${d.status === 'delivered' ? 'badge-success' : d.status === 'failed' ? 'badge-danger' : 'badge-warning'}`}
                >
                  {d.status}
                </span>
                {d.nextAttemptAt && <div className="muted">next {formatDateTime(d.nextAttemptAt)}</div>}
              </td>
              <td>{d.attempts}</td>
              <td>{d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : '—'}</td>
              <td>
                {d.responseStatus ?? d.error ?? '—'}
                {d.responseBody && <pre className="settings-pre">{d.responseBody}</pre>}
                <details>
                  <summary>Sent body</summary>
                  <pre className="settings-pre">{d.body}</pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
