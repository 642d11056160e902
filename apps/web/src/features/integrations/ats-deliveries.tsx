import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { listAtsDeliveries } from './integrations-api';
import { errorText } from './settings-nav';

/** The newest results sent back to the company's ATSs, with what each answered (retries show as tries). */
export function AtsDeliveries() {
  const log = useQuery({ queryKey: ['ats-deliveries'], queryFn: listAtsDeliveries, refetchInterval: 5000 });
  return (
    <section className="card" aria-labelledby="ats-deliveries">
      <h2 id="ats-deliveries">Delivery log</h2>
      {log.isError && <p className="alert alert-error">{errorText(log.error, 'Could not load deliveries.')}</p>}
      {log.data?.length === 0 && <p className="muted">No results sent yet.</p>}
      {!!log.data?.length && (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">ATS</th>
                <th scope="col">Candidate</th>
                <th scope="col">Status</th>
                <th scope="col">Tries</th>
                <th scope="col">Last try</th>
                <th scope="col">Response</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((d) => (
                <tr key={d.id}>
                  <td>
                    {d.kind}
                    <div className="muted">
                      {d.method} {d.url}
                    </div>
                  </td>
                  <td>{d.email}</td>
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
      )}
    </section>
  );
}
