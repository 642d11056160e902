/**
 * /admin/tests/:id/results: ranking, CSV, similarity flags, shortlist/reject or a move to any stage of the
 * company's pipeline per row with confirmation (emailed or not) and Undo (stage-move.tsx), moving many selected
 * candidates at once to any stage (issue 26), invitations.
 */
import { DEFAULT_PIPELINE, stageLabel, type TReviewResultRow } from '@assessly/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageSpinner } from '../../app/page-spinner';
import { formatDateTime, passMarkText } from '../../lib/format';
import { useCan } from '../auth/use-can';
import { InvitePanel } from './invite-panel';
import { ResultsFilterBar, SortHeader, type SortState } from './results-filters';
import { filterResults, formatTimeTaken, NO_FILTERS, sortResults, timeTakenMs } from './results-view';
import { eventLabel, useCompanyName, usePipeline, useResults, useSetStatuses, useSimilarity } from './review-api';
import { ErrorScreen, HiringBadge, Modal } from './review-ui';
import { NotifyChoice, StageMenu, stageMailSubject, useStatusChange } from './stage-move';
import { StageOptions } from './stage-options';
import { TestFiguresPanel } from './test-figures-panel';
import './review.css';

export function TestResultsPage() {
  const { testId = '' } = useParams();
  const q = useResults(testId);
  const pipeline = usePipeline();
  // Until the pipeline loads (or if it cannot), the default one names the stages.
  const stages = pipeline.data?.stages ?? DEFAULT_PIPELINE;
  const label = (key: string | null) => stageLabel(stages, key);
  const [notify, setNotify] = useState(true);
  const setStatuses = useSetStatuses(testId);
  const [bulk, setBulk] = useState<{ status: string; confirming: boolean }>({
    status: 'shortlisted',
    confirming: false,
  });
  const [picked, setPicked] = useState<string[]>([]);
  const navigate = useNavigate();
  const mayDecide = useCan()('review.status');
  // One candidate at a time (Shortlist, Reject, the stage menu): confirmation, notify choice, Undo.
  const change = useStatusChange({ testName: q.data?.test.testName ?? '', stages });
  const companyName = useCompanyName();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [sort, setSort] = useState<SortState>({ key: 'rank', dir: 'asc' });
  if (q.isPending) return <PageSpinner label="Loading results..." />;
  if (q.isError) return <ErrorScreen message={q.error.message} onRetry={() => q.refetch()} />;
  const { test, rows } = q.data;
  const rankOf = (r: (typeof rows)[number]) => rows.indexOf(r);
  const shown = sortResults(
    filterResults(rows, filters),
    sort.key,
    sort.dir,
    rankOf,
    stages.map((s) => s.key),
  );

  const pickedRows = rows.filter((r) => picked.includes(r.attemptId));
  const applyBulk = async () => {
    try {
      const r = await setStatuses.mutateAsync({ attemptIds: picked, status: bulk.status, notify });
      setBulk((b) => ({ ...b, confirming: false }));
      setPicked([]);
      const moved = `${r.changed.length} candidate${r.changed.length === 1 ? '' : 's'} moved to ${label(r.hiringStatus)}`;
      toast.success(
        r.emailAt
          ? `${moved}. Their status emails go out at ${new Date(r.emailAt).toLocaleTimeString()}.`
          : `${moved}. No email is sent.`,
      );
    } catch (err) {
      setBulk((b) => ({ ...b, confirming: false }));
      toast.error((err as Error).message);
    }
  };
  const openConfirm = (row: TReviewResultRow, status: string) => change.open(row, status);

  return (
    <main className="container rv-page">
      <header className="rv-header">
        <div>
          <p className="rv-nav no-print">
            <Link to="/admin/submission">← Dashboard</Link>
          </p>
          <h1>{test.testName}: results</h1>
          <p className="muted" style={{ margin: 0 }}>
            {test.testType} · <span data-testid="results-pass-mark">{passMarkText(test)}</span>
            {test.endTime && ` · closes ${formatDateTime(test.endTime)}`}
          </p>
        </div>
        <div className="row no-print">
          <a className="btn btn-primary" href={`/api/review/tests/${test.id}/results.csv`} download>
            Download CSV
          </a>
          <Link className="btn btn-outline" to="/admin/templates">
            Email templates
          </Link>
        </div>
      </header>

      {test.testType === 'CODING' && <SimilaritySummary testId={test.id} />}

      <TestFiguresPanel testId={test.id} />

      <section className="card rv-section" aria-labelledby="ranking-h">
        <h2 id="ranking-h">Ranking</h2>
        {rows.length > 0 && (
          <div className="row no-print rv-bulk">
            {rows.length > 1 && (
              <>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={picked.length < 2 || picked.length > 3}
                  onClick={() => navigate(`/admin/tests/${test.id}/compare?attemptIds=${picked.join(',')}`)}
                >
                  Compare selected ({picked.length})
                </button>
                <span className="muted">Compare two or three candidates.</span>
              </>
            )}
            {mayDecide && (
              <>
                <label htmlFor="bulk-status">Move selected to</label>
                <select
                  id="bulk-status"
                  value={bulk.status}
                  onChange={(e) => setBulk({ status: e.target.value, confirming: false })}
                >
                  <StageOptions stages={stages} />
                </select>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={picked.length === 0}
                  onClick={() => {
                    setNotify(true);
                    setBulk((b) => ({ ...b, confirming: true }));
                  }}
                >
                  Move {picked.length} candidate{picked.length === 1 ? '' : 's'}
                </button>
              </>
            )}
          </div>
        )}
        {rows.length === 0 ? (
          <p className="muted">No candidate has started this test yet.</p>
        ) : (
          <div className="rv-table-wrap">
            <ResultsFilterBar
              filters={filters}
              onChange={setFilters}
              shown={shown.length}
              total={rows.length}
              languages={[...new Set(rows.flatMap((r) => r.languages ?? []))].sort()}
              stages={stages}
            />
            <table className="table" aria-label="Ranking">
              <thead>
                <tr>
                  <th>
                    <span className="sr-only">Select</span>
                  </th>
                  <SortHeader label="#" k="rank" sort={sort} onSort={setSort} />
                  <SortHeader label="Candidate" k="name" sort={sort} onSort={setSort} />
                  <SortHeader label="Score" k="score" sort={sort} onSort={setSort} />
                  <th>Result</th>
                  <SortHeader label="Time taken" k="time" sort={sort} onSort={setSort} />
                  <SortHeader label="Integrity" k="events" sort={sort} onSort={setSort} />
                  <SortHeader label="Similarity" k="similarity" sort={sort} onSort={setSort} />
                  <SortHeader label="Status" k="status" sort={sort} onSort={setSort} />
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.attemptId}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select ${r.name}`}
                        checked={picked.includes(r.attemptId)}
                        onChange={(e) =>
                          setPicked((p) =>
                            e.target.checked ? [...p, r.attemptId] : p.filter((x) => x !== r.attemptId),
                          )
                        }
                      />
                    </td>
                    <td>{rankOf(r) + 1}</td>
                    <td>
                      <strong>{r.name}</strong>
                      <br />
                      <span className="muted">{r.email}</span>
                      {r.emailVerified === false && (
                        <>
                          {' '}
                          <span
                            className="badge badge-warning"
                            title="This account never verified its email address: it may not be the person you invited."
                          >
                            Email not verified
                          </span>
                        </>
                      )}
                    </td>
                    <td>
                      {r.score}/{r.maxScore} ({r.percent}%)
                    </td>
                    <td>
                      <span
                        className={`badge ${r.passed === null ? 'badge-warning' : r.passed ? 'badge-success' : 'badge-danger'}`}
                      >
                        {r.passed === null ? 'Awaiting grading' : r.passed ? 'Pass' : 'Fail'}
                      </span>
                    </td>
                    <td>{formatTimeTaken(timeTakenMs(r))}</td>
                    <td
                      title={Object.entries(r.integrity?.counts ?? {})
                        .map(([k, n]) => `${eventLabel(k)} × ${n}`)
                        .join(', ')}
                    >
                      {r.eventCount} event{r.eventCount === 1 ? '' : 's'}
                    </td>
                    <td>
                      {r.similarityFlags > 0 ? (
                        <Link to={`/admin/similarity/${test.id}`} className="badge badge-warning">
                          {r.similarityFlags} flag{r.similarityFlags === 1 ? '' : 's'}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      <HiringBadge status={r.hiringStatus} label={label(r.hiringStatus)} />
                    </td>
                    <td>
                      <div className="row" style={{ gap: '0.4rem' }}>
                        <Link className="btn btn-outline btn-sm" to={`/admin/reports/${r.attemptId}`}>
                          Report
                        </Link>
                        {mayDecide && r.hiringStatus !== 'shortlisted' && (
                          <button
                            type="button"
                            className="btn btn-success btn-sm"
                            onClick={() => openConfirm(r, 'shortlisted')}
                            aria-label={`Shortlist ${r.name}`}
                          >
                            Shortlist
                          </button>
                        )}
                        {mayDecide && r.hiringStatus !== 'rejected' && (
                          <button
                            type="button"
                            className="btn btn-danger btn-sm"
                            onClick={() => openConfirm(r, 'rejected')}
                            aria-label={`Reject ${r.name}`}
                          >
                            Reject
                          </button>
                        )}
                        {mayDecide && (
                          <StageMenu target={r} stages={stages} onMove={(status) => openConfirm(r, status)} compact />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <InvitePanel testId={test.id} />

      {change.dialog}
      {bulk.confirming && (
        <Modal title="Move candidates" onClose={() => setBulk((b) => ({ ...b, confirming: false }))}>
          <p>
            Move {pickedRows.length} candidate{pickedRows.length === 1 ? '' : 's'} (
            {pickedRows.map((r) => r.name).join(', ')}) to {label(bulk.status)}?
            {bulk.status === 'pending'
              ? ' No email is sent.'
              : notify
                ? bulk.status === 'shortlisted' || bulk.status === 'rejected'
                  ? ` Each gets the ${bulk.status} status email one minute after you confirm.`
                  : ` Each gets an email one minute after you confirm: "${stageMailSubject(
                      stages.find((s) => s.key === bulk.status),
                      bulk.status,
                      // each candidate's own name goes where the subject names them
                      { testName: test.testName, companyName, candidateName: "[the candidate's name]" },
                    )}".`
                : ' No email is sent.'}
          </p>
          {bulk.status !== 'pending' && (
            <NotifyChoice checked={notify} onChange={setNotify} label="Email the candidates" />
          )}
          <div className="row">
            <button
              type="button"
              className={`btn ${bulk.status === 'rejected' ? 'btn-danger' : 'btn-primary'}`}
              onClick={applyBulk}
              disabled={setStatuses.isPending}
            >
              {setStatuses.isPending ? 'Saving...' : 'Confirm'}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => setBulk((b) => ({ ...b, confirming: false }))}
            >
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </main>
  );
}

function SimilaritySummary({ testId }: { testId: string }) {
  const q = useSimilarity(testId);
  if (q.isPending) return <p className="muted">Checking code similarity...</p>;
  if (q.isError) return <p className="alert alert-error">{q.error.message}</p>;
  const n = q.data.pairs.length;
  return (
    <section className={`card rv-section ${n > 0 ? 'rv-evidence' : ''}`} aria-label="Code similarity">
      <h2 style={{ marginTop: 0 }}>Code similarity</h2>
      {n === 0 ? (
        <p className="muted">No suspiciously similar pairs among {q.data.comparedSubmissions} submissions.</p>
      ) : (
        <p>
          {n} pair{n === 1 ? '' : 's'} of submissions look suspiciously similar.{' '}
          <Link to={`/admin/similarity/${testId}`}>Compare side by side</Link>
        </p>
      )}
      <p className="field-hint">A similarity flag is evidence for a human reviewer, never a verdict.</p>
    </section>
  );
}
