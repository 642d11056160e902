import type { TDashboardSubmission } from '@assessly/shared';
import { languageName, SQL_LANGUAGE } from '@assessly/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { ResultsSideBySide, ResultTable } from '../taking/sql-tables';
import { BAND_CLASS, useStageLabel } from './review-api';
import { BandBadge, CodeBlock, HiringBadge, Modal, ProctoringStrip } from './review-ui';

/** One submission on the dashboard: View Code, View Results, Show/Hide Details (of THIS submission's candidate), captures. */
export function SubmissionCard({ s }: { s: TDashboardSubmission }) {
  const [open, setOpen] = useState<'code' | 'results' | null>(null);
  const [details, setDetails] = useState(false);
  const stageName = useStageLabel();
  const c = s.candidate;
  const name = `${c.firstName} ${c.lastName}`.trim() || c.email;
  const detailsId = `details-${s.id}`;
  return (
    <article className={`rv-sub ${BAND_CLASS[s.band]}`} aria-label={`Submission by ${name}`}>
      <div className="rv-sub-head">
        <div>
          <strong>{name}</strong> <span className="muted">{c.email}</span>
          <div className="muted" style={{ fontSize: '0.88rem' }}>
            Question {s.questionNumber + 1} · {languageName(s.language)} · {formatDateTime(s.createdAt)}
            {s.status !== 'judged' && ` · ${s.status}`}
          </div>
        </div>
        <div className="row">
          <HiringBadge status={s.hiringStatus} label={stageName(s.hiringStatus)} />
          <BandBadge band={s.band} passed={s.passed} total={s.total} />
          <span className="muted">
            Score {Math.round(s.score * 10) / 10}/{s.maxScore}
          </span>
        </div>
      </div>
      <div className="rv-sub-actions">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen('code')}>
          View Code
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen('results')}>
          View Results
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={details}
          aria-controls={detailsId}
          onClick={() => setDetails((d) => !d)}
        >
          {details ? 'Hide Details' : 'Show Details'}
        </button>
        {s.attemptId && (
          <Link className="btn btn-outline btn-sm" to={`/admin/reports/${s.attemptId}`}>
            Report
          </Link>
        )}
      </div>
      {details && (
        <dl className="rv-details" id={detailsId}>
          <dt>Name</dt>
          <dd>{name}</dd>
          <dt>Email</dt>
          <dd>{c.email}</dd>
          <dt>Role</dt>
          <dd>{c.role}</dd>
          <dt>Mobile</dt>
          <dd>{c.mobileNumber || 'N/A'}</dd>
          <dt>Gender</dt>
          <dd>{c.gender || 'N/A'}</dd>
          <dt>Date of birth</dt>
          <dd>{c.dob || 'N/A'}</dd>
          <dt>Bio</dt>
          <dd>{c.bio || 'N/A'}</dd>
          <dt>Education</dt>
          <dd>{c.educationDetails || 'N/A'}</dd>
          <dt>Experience</dt>
          <dd>{c.experienceDetails || 'N/A'}</dd>
        </dl>
      )}
      <ProctoringStrip
        events={s.proctoring.events}
        counts={s.proctoring.counts}
        total={s.proctoring.total}
        proctored={s.proctoring.proctored}
        integrity={s.proctoring.integrity}
      />
      {open === 'code' && (
        <Modal title={`Code · ${name} · ${languageName(s.language)}`} onClose={() => setOpen(null)} wide>
          <CodeBlock code={s.code} label="Submitted code" />
        </Modal>
      )}
      {open === 'results' && (
        <Modal title={`Results · ${name}`} onClose={() => setOpen(null)}>
          <p>
            Passed {s.passed} / {s.total} test cases{s.verdict ? ` · ${s.verdict}` : ''}
            {s.problemVersion != null && ` · problem version ${s.problemVersion}`}
          </p>
          {(s.judgeHistory ?? []).length > 0 && (
            <div className="muted">
              Re-judged. Earlier results:
              <ul>
                {(s.judgeHistory ?? []).map((h) => (
                  <li key={h.rejudgedAt + h.problemVersion}>
                    version {h.problemVersion}: {h.verdict ?? 'not judged'}, {h.passedCount} / {h.totalCount} passed,
                    score {h.score} (re-judged {new Date(h.rejudgedAt).toLocaleString()})
                  </li>
                ))}
              </ul>
            </div>
          )}
          {s.results.length === 0 ? (
            <p className="muted">No results yet.</p>
          ) : (
            <ol className="rv-results">
              {s.results.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: results are a fixed list
                <li key={i}>
                  <span className={r.passed ? 'success-text' : 'error-text'}>
                    Test case {i + 1}: {r.passed ? 'Passed' : 'Failed'}
                  </span>
                  {r.verdict && ` · ${r.verdict}`}
                  {r.timeMs != null && ` · ${r.timeMs} ms`}
                  {r.hidden && ' · hidden'}
                  {r.withheld && (
                    <p className="muted">Its input and outputs are hidden from reviewers by your company's setting.</p>
                  )}
                  {r.input != null && <pre>Input: {r.input}</pre>}
                  {s.language === SQL_LANGUAGE && r.output != null && r.verdict !== 'Compilation Error' ? (
                    // an SQL query's result as tables, the candidate's beside the expected (issue 25)
                    r.expectedOutput != null ? (
                      <ResultsSideBySide
                        expected={r.expectedOutput}
                        actual={r.output}
                        actualCaption="Candidate's result"
                      />
                    ) : (
                      <ResultTable caption="Candidate's result" text={r.output} />
                    )
                  ) : (
                    <>
                      {r.expectedOutput != null && <pre>Expected: {r.expectedOutput}</pre>}
                      {r.output != null && <pre>Output: {r.output}</pre>}
                    </>
                  )}
                </li>
              ))}
            </ol>
          )}
        </Modal>
      )}
    </article>
  );
}
