import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Pagination } from '../../app/pagination';
import { formatDateTime } from '../../lib/format';
import { readAudit } from './integrations-api';
import { errorText, SettingsPage } from './settings-nav';

/** /admin/settings/audit: the company's audit log, newest first, with a CSV export. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const audit = useQuery({ queryKey: ['audit', page], queryFn: () => readAudit(page) });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;
  return (
    <SettingsPage
      title="Audit log"
      intro="Sign-ins, token and webhook changes, deletions, status changes, exports and erasures."
    >
      <p>
        <a className="btn btn-outline btn-sm" href="/api/companies/audit.csv" download>
          Export CSV
        </a>
      </p>
      {audit.isError && <p className="alert alert-error">{errorText(audit.error, 'Could not load the audit log.')}</p>}
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Action</th>
              <th scope="col">Actor</th>
              <th scope="col">Target</th>
              <th scope="col">IP</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {audit.data?.entries.map((e) => (
              <tr key={e.id}>
                <td>{formatDateTime(e.createdAt)}</td>
                <td>{e.action}</td>
                <td>{e.actorEmail ?? (e.actorId ? e.actorId : 'system')}</td>
                <td>
                  {e.targetType} {e.targetId}
                </td>
                <td>{e.ip}</td>
                <td>
                  <code>{JSON.stringify(e.detail)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination className="settings-pager" page={page} pages={pages} onPage={setPage} />
    </SettingsPage>
  );
}
