import type { TAptitudeQuestion, TCodingProblem } from '@assessly/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { onTabKeyDown } from '../../app/tab-keys';
import { ApiError } from '../../lib/api';
import { capitalise, formatDate, passMarkText } from '../../lib/format';
import { useCan } from '../auth/use-can';
import { InvitePanel } from '../review/invite-panel';
import { ProblemStatement } from '../taking/safe-html';
import { useTestWithQuestions } from './admin-api';
import { candidateLink, optionLetter, previewPath } from './admin-helpers';
import { CopyLink } from './copy-link';
import { ShareWarning } from './solution-check';

function Examples({ examples }: { examples: TCodingProblem['examples'] }) {
  const [tab, setTab] = useState(0);
  const ex = examples[tab];
  return (
    <div>
      <h4>Examples</h4>
      {examples.length > 1 && (
        <div className="tabs" role="tablist" aria-label="Examples">
          {examples
            .map((_, i) => `Example ${i + 1}`)
            .map((label, i) => (
              <button
                type="button"
                role="tab"
                className="tab"
                key={label}
                aria-selected={i === tab}
                tabIndex={i === tab ? 0 : -1}
                onClick={() => setTab(i)}
                onKeyDown={(e) => onTabKeyDown(e, i, examples.length, setTab)}
              >
                {label}
              </button>
            ))}
        </div>
      )}
      {ex ? (
        <>
          <strong>Input</strong>
          <pre className="io-block">{ex.input || 'No input provided'}</pre>
          <strong>Output</strong>
          <pre className="io-block">{ex.output || 'No output provided'}</pre>
        </>
      ) : (
        <p className="muted">No input provided</p>
      )}
    </div>
  );
}

function ProblemCard({ problem, n }: { problem: TCodingProblem; n: number }) {
  const [open, setOpen] = useState(n === 1);
  return (
    <section className="card builder-item">
      <button type="button" className="collapse-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span>
          Question {n}: {problem.title}
        </span>
        <span className="badge">{problem.marks} marks</span>
      </button>
      {open && (
        <div style={{ marginTop: '1rem' }}>
          <h4>Problem Description</h4>
          <ProblemStatement text={problem.description} className="problem-description" />
          <Examples examples={problem.examples} />
          <h4>Constraints</h4>
          {problem.constraints.length > 0 ? (
            <ul>
              {problem.constraints.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">None stated</p>
          )}
          <p className="muted">
            {problem.withheld ? (problem.hiddenCaseCount ?? 0) : problem.testCases.length} hidden test case(s) · time
            limit {problem.timeLimitMs} ms · memory limit {problem.memoryLimitMb} MB
          </p>
          {problem.withheld && (
            <p className="muted">
              The hidden test cases and the model solution are hidden from reviewers by your company's setting.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function QuestionCard({ question, n }: { question: TAptitudeQuestion; n: number }) {
  return (
    <section className="card builder-item">
      <div className="builder-item-head">
        <h3>
          Question {n}: {question.questionText}
        </h3>
        <span className="badge">{question.marks} marks</span>
      </div>
      <ol type="A">
        {question.options.map((o, i) => (
          // Correct answers are stored as the option's index (docs/DECISIONS.md §4), so viewer and editor agree.
          // biome-ignore lint/suspicious/noArrayIndexKey: options are positional
          <li key={i} className={i === question.correctAnswer ? 'correct-option' : ''}>
            {o}
            {i === question.correctAnswer && <span className="sr-only"> (correct answer)</span>}
            {i === question.correctAnswer && ' ✓'}
          </li>
        ))}
      </ol>
      <p className="muted" style={{ marginBottom: 0 }}>
        Correct answer: {optionLetter(question.correctAnswer)}
        {question.explanation && ` · ${question.explanation}`}
      </p>
    </section>
  );
}

/** Test details (/admin/tests/{id}). */
export function TestDetailsPage() {
  const { id = '' } = useParams();
  const q = useTestWithQuestions(id);
  const mayAuthor = useCan()('tests.author');
  if (q.isPending) return <PageSpinner label="Loading test details..." />;
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.status === 404) {
      return (
        <main className="empty-state">
          <h1>Test not found</h1>
          <Link to="/admin/tests">Back to Tests</Link>
        </main>
      );
    }
    return (
      <main>
        <div className="alert alert-error" role="alert">
          <strong>Error loading test details</strong>
          <div>{q.error.message}</div>
        </div>
      </main>
    );
  }
  const { test, questions, problems } = q.data;
  const coding = test.testType === 'CODING';
  const count = coding ? problems.length : questions.length;
  return (
    <main>
      <div className="admin-page-head">
        <div>
          <h1>{test.testName}</h1>
          <span className={`badge${coding ? ' badge-warning' : ''}`}>{coding ? 'Coding Test' : 'Aptitude Test'}</span>
        </div>
        <div className="row">
          <Link to={`/admin/tests/${test.id}/results`} className="btn btn-primary">
            Results
          </Link>
          {mayAuthor && (
            <Link to={`/admin/tests/${test.id}/edit`} className="btn btn-outline">
              Edit Test
            </Link>
          )}
          {mayAuthor && coding && (
            <Link to={`/admin/tests/${test.id}/sections`} className="btn btn-outline">
              Sections
            </Link>
          )}
          <Link to={previewPath(test)} className="btn btn-outline">
            Preview as candidate
          </Link>
          <Link to="/admin/tests" className="btn btn-outline">
            Back to Tests
          </Link>
        </div>
      </div>
      <section className="card builder-item">
        <dl className="details-grid">
          <div>
            <dt className="muted">Created By</dt>
            <dd>{test.createdByEmail ?? test.createdBy}</dd>
          </div>
          <div>
            <dt className="muted">Created At</dt>
            <dd>{formatDate(test.createdAt)}</dd>
          </div>
          <div>
            <dt className="muted">Total Questions</dt>
            <dd style={{ margin: 0 }} data-testid="question-count">
              {count}
            </dd>
          </div>
          <div>
            <dt className="muted">Duration</dt>
            <dd>{test.duration} minutes</dd>
          </div>
          <div>
            <dt className="muted">Marks</dt>
            <dd data-testid="test-marks">
              {capitalise(passMarkText(test))}
              {count > 0 && <span className="muted"> (the sum of the questions' marks)</span>}
            </dd>
          </div>
        </dl>
        {test.description && <p style={{ whiteSpace: 'pre-wrap' }}>{test.description}</p>}
        {coding && <ShareWarning problems={problems} testId={mayAuthor ? test.id : undefined} />}
        {count === 0 && (
          <p className="alert alert-error" role="alert">
            Candidates cannot start this test yet: it has no {coding ? 'problems' : 'questions'}. They see "This test is
            not ready yet" until you add at least one.
          </p>
        )}
        <div>
          Candidate link: <CopyLink url={candidateLink(window.location.origin, test)} />
        </div>
      </section>
      <InvitePanel testId={test.id} />
      <h2>Questions</h2>
      {coding && problems.length === 0 && <p className="muted">No coding questions found for this test</p>}
      {!coding && questions.length === 0 && <p className="muted">No questions found for this test</p>}
      {coding && problems.map((p, i) => <ProblemCard key={p.id} problem={p} n={i + 1} />)}
      {!coding && questions.map((x, i) => <QuestionCard key={x.id} question={x} n={i + 1} />)}
    </main>
  );
}
