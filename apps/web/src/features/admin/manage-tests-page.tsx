import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useMe } from '../auth/use-auth';
import { useCan } from '../auth/use-can';
import { adminKeys, useTests } from './admin-api';
import { candidateLink, previewPath, roleAbilities } from './admin-helpers';
import { CopyLink } from './copy-link';
import { TestsLoading } from './editor-parts';

type TypeFilter = 'ALL' | 'APTITUDE' | 'CODING';

/** Manage Tests (/admin/tests): search, type filter, table, candidate links, view/edit/delete. */
export function ManageTestsPage() {
  const tests = useTests();
  const me = useMe();
  const mayAuthor = useCan()('tests.author');
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('ALL');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const q = search.trim().toLowerCase();
  const shown = (tests.data ?? []).filter(
    (t) =>
      (type === 'ALL' || t.testType.toUpperCase() === type) &&
      (!q || t.testName.toLowerCase().includes(q) || t.description.toLowerCase().includes(q)),
  );

  const remove = async (id: string) => {
    if (!window.confirm('Are you sure you want to delete this test?')) return;
    setError(null);
    setDeleting(id);
    try {
      await api(`/api/tests/${id}`, { method: 'DELETE' });
      await Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.tests }),
        qc.invalidateQueries({ queryKey: adminKeys.stats }),
      ]);
    } catch (err) {
      setError(`Failed to delete test${err instanceof Error && err.message ? `: ${err.message}` : ''}`);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <main>
      <div className="admin-page-head">
        <h1>Manage Tests</h1>
        {mayAuthor && (
          <Link to="/admin/tests/create" className="btn btn-primary">
            Create New Test
          </Link>
        )}
      </div>
      <div className="toolbar">
        <label className="sr-only" htmlFor="test-search">
          Search tests
        </label>
        <input
          id="test-search"
          className="input"
          type="search"
          placeholder="Search tests..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label className="sr-only" htmlFor="test-type-filter">
          Test type
        </label>
        <select
          id="test-type-filter"
          className="input"
          style={{ maxWidth: 200 }}
          value={type}
          onChange={(e) => setType(e.target.value as TypeFilter)}
        >
          <option value="ALL">All Types</option>
          <option value="APTITUDE">Aptitude Tests</option>
          <option value="CODING">Coding Tests</option>
        </select>
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <TestsLoading tests={tests} />
      {tests.data && shown.length === 0 && (
        <div className="card empty-state">
          <h2>No tests found</h2>
          <p>{q ? `No tests matching "${search.trim()}"` : 'No tests available for the selected filter'}</p>
        </div>
      )}
      {shown.length > 0 && (
        <div className="card" style={{ padding: 0, overflowX: 'auto' }}>
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">Test Name</th>
                <th scope="col">Type</th>
                <th scope="col">Created By</th>
                <th scope="col">Created On</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((t) => (
                <tr key={t.id} data-testid="test-row">
                  <td>
                    <strong>{t.testName}</strong>
                    <div>
                      <CopyLink url={candidateLink(window.location.origin, t)} />
                    </div>
                  </td>
                  <td data-label="Type">
                    <span className={`badge${t.testType === 'CODING' ? ' badge-warning' : ''}`}>
                      {t.testType === 'CODING' ? 'Coding' : 'Aptitude'}
                    </span>
                  </td>
                  <td data-label="Created By">{t.createdByEmail ?? 'Unknown'}</td>
                  <td data-label="Created On">{formatDate(t.createdAt)}</td>
                  <td>
                    <div className="icon-actions">
                      <Link
                        to={`/admin/tests/${t.id}`}
                        className="btn btn-outline btn-sm"
                        aria-label={`View ${t.testName}`}
                      >
                        View
                      </Link>
                      <Link
                        to={`/admin/tests/${t.id}/results`}
                        className="btn btn-outline btn-sm"
                        aria-label={`Results of ${t.testName}`}
                      >
                        Results
                      </Link>
                      {roleAbilities(me.data, t).author && (
                        <Link
                          to={`/admin/tests/${t.id}/edit`}
                          className="btn btn-outline btn-sm"
                          aria-label={`Edit ${t.testName}`}
                        >
                          Edit
                        </Link>
                      )}
                      {roleAbilities(me.data, t).invite && (
                        <Link
                          to={`/admin/tests/${t.id}/invite`}
                          className="btn btn-outline btn-sm"
                          aria-label={`Invite candidates to ${t.testName}`}
                        >
                          Invite
                        </Link>
                      )}
                      <Link to={previewPath(t)} className="btn btn-outline btn-sm" aria-label={`Preview ${t.testName}`}>
                        Preview
                      </Link>
                      {roleAbilities(me.data, t).remove && (
                        <button
                          type="button"
                          className="btn btn-danger btn-sm"
                          aria-label={`Delete ${t.testName}`}
                          disabled={deleting === t.id}
                          onClick={() => remove(t.id)}
                        >
                          {deleting === t.id ? 'Deleting...' : 'Delete'}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
