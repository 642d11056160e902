import { type TCodingProblem, validateCodingProblems } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert, SuccessAlert } from '../../app/alert';
import { PageSpinner } from '../../app/page-spinner';
import { onTabKeyDown } from '../../app/tab-keys';
import { useDialog } from '../../app/use-dialog';
import { InvitePanel } from '../review/invite-panel';
import { saveQuestionBatch, useTestWithQuestions } from './admin-api';
import { candidateLink } from './admin-helpers';
import { saveErrorMessage } from './aptitude-builder-page';
import { CodingWrittenFields, emptyWritten, writtenPayload } from './coding-written-fields';
import { useCopied } from './copy-link';
import { BuilderHead } from './editor-parts';
import { emptyProblem, type ProblemDraft, ProblemFields, problemPayload, toProblemDraft } from './problem-fields';
import { type QuestionDraft, toQuestionDraft } from './question-fields';
import { findOutdated, RejudgePrompt } from './rejudge-prompt';
import { ShareWarning } from './solution-check';

/** Coding builder (/admin/coding-test/{id}): a tab per problem, saved all at once, then the candidate link. */
export function CodingBuilderPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const arrived = useLocation().state as { returnTo?: string; written?: boolean } | null;
  const returnTo = arrived?.returnTo;
  // arriving to edit the written questions (issue 25): no new problem tab, and the written section in view
  const forWritten = arrived?.written === true;
  const qc = useQueryClient();
  const loaded = useTestWithQuestions(id);
  const [problems, setProblems] = useState<ProblemDraft[] | null>(null);
  // the test's written questions (issue 25), saved with the problems
  const [written, setWritten] = useState<QuestionDraft[]>([]);
  const [active, setActive] = useState(0);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [savedProblems, setSavedProblems] = useState<TCodingProblem[]>([]);
  const [outdated, setOutdated] = useState<Awaited<ReturnType<typeof findOutdated>>>([]);
  const [copied, copy] = useCopied();

  // Existing problems come first; arriving from "Create New Problem" opens a new, empty tab after them.
  useEffect(() => {
    if (problems) return;
    if (loaded.data) {
      setVersion(loaded.data.test.version);
      setSavedProblems(loaded.data.problems);
      const writtenNow = loaded.data.questions.filter((q) => q.kind === 'text').map(toQuestionDraft);
      setWritten(forWritten && writtenNow.length === 0 ? [emptyWritten()] : writtenNow);
      // a project problem (issue 43) is edited through its own routes; the batch keeps it in the test
      const saved = loaded.data.problems.filter((p) => p.kind !== 'project').map(toProblemDraft);
      const list = (returnTo && !forWritten) || saved.length === 0 ? [...saved, emptyProblem()] : saved;
      setProblems(list);
      setActive(list.length - 1 === saved.length ? saved.length : 0);
    } else if (loaded.isError) setProblems([emptyProblem()]);
  }, [loaded.data, loaded.isError, problems, returnTo, forWritten]);
  useEffect(() => {
    if (forWritten && problems) document.getElementById('written-questions-h')?.scrollIntoView({ block: 'start' });
  }, [forWritten, problems]);

  if (!problems) return <PageSpinner label="Loading test details..." />;
  const current = problems[active] ?? problems[0]!;
  const link = candidateLink(window.location.origin, { id, testType: 'CODING' });

  const update = (p: ProblemDraft) => setProblems(problems.map((x, j) => (j === active ? p : x)));
  const add = () => {
    setProblems([...problems, emptyProblem()]);
    setActive(problems.length);
    setError(null);
  };
  const removeCurrent = () => {
    if (problems.length === 1) {
      setError('At least one question is required');
      return;
    }
    setProblems(problems.filter((_, j) => j !== active));
    setActive(Math.max(0, active - 1));
  };

  /** After saving (and answering the re-judge question, if any): back to the editor, or the link dialog. */
  const finish = () => {
    if (returnTo) navigate(returnTo);
    else setDialog(true);
  };

  const save = async () => {
    setError(null);
    setSuccess(null);
    const payload = problems.map(problemPayload);
    const first = validateCodingProblems(payload);
    if (first) {
      setActive(first.index);
      setError(first.message);
      return;
    }
    const writtenBody = writtenPayload(written);
    if (writtenBody.error) {
      setError(writtenBody.error);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveQuestionBatch(id, { version, problems: payload, questions: writtenBody.payload });
      setVersion(saved.test.version);
      setProblems(saved.problems.map(toProblemDraft));
      setWritten(saved.questions.map(toQuestionDraft));
      const before = new Map(savedProblems.map((p) => [p.id, p.version]));
      setSavedProblems(saved.problems);
      await qc.invalidateQueries({ queryKey: ['admin'] });
      setSuccess(`Successfully saved ${saved.problems.length} coding question(s)!`);
      const stale = await findOutdated(saved.problems, before);
      if (stale.length > 0) setOutdated(stale);
      else finish();
    } catch (err) {
      setError(saveErrorMessage(err, 'Failed to save coding tests. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <main>
      <BuilderHead
        title="Add Coding Questions"
        testName={loaded.data?.test.testName}
        backTo={returnTo}
        backLabel={returnTo ? 'Back to Problems' : undefined}
        loadFailed={loaded.isError}
      />
      <div className="tabs">
        {/* Only tabs may sit in a tablist; the add button stays beside it (display: contents keeps the row). */}
        <div role="tablist" aria-label="Questions" style={{ display: 'contents' }}>
          {problems.map((p, i) => (
            <button
              type="button"
              role="tab"
              key={p.id}
              className="tab"
              aria-selected={i === active}
              aria-controls="problem-panel"
              tabIndex={i === active ? 0 : -1}
              onClick={() => setActive(i)}
              onKeyDown={(e) => onTabKeyDown(e, i, problems.length, setActive)}
            >
              Question {i + 1}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-link" onClick={add} style={{ marginLeft: '0.5rem' }}>
          + Add Question
        </button>
      </div>
      <section className="card builder-item" id="problem-panel" role="tabpanel" aria-label={`Question ${active + 1}`}>
        <div className="builder-item-head">
          <h2>Question {active + 1}</h2>
          <button type="button" className="btn btn-danger btn-sm" onClick={removeCurrent}>
            Remove Question
          </button>
        </div>
        <ProblemFields
          key={current.id}
          dirty={(() => {
            const stored = savedProblems.find((p) => p.id === current.id);
            return !stored || JSON.stringify(toProblemDraft(stored)) !== JSON.stringify(current);
          })()}
          value={current}
          onChange={update}
          onError={setError}
          idPrefix={`p${active + 1}`}
        />
      </section>
      <CodingWrittenFields value={written} onChange={setWritten} />
      <ErrorAlert message={error} />
      <SuccessAlert message={success} />
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={save} disabled={saving}>
          {saving ? 'Saving...' : 'Save All Questions'}
        </button>
      </div>
      {outdated.length > 0 && (
        <RejudgePrompt
          items={outdated}
          onDone={(message) => {
            setOutdated([]);
            if (message) setSuccess(message);
            finish();
          }}
        />
      )}
      {dialog && (
        <CreatedDialog
          testId={id}
          link={link}
          copied={copied}
          problems={savedProblems}
          onCopy={() => copy(link)}
          onClose={() => navigate('/admin/tests')}
        />
      )}
    </main>
  );
}

/** 'Test Created Successfully!' with Copy Link, Open Test (new tab) and Close (to /admin/tests); Escape closes too. */
function CreatedDialog(props: {
  testId: string;
  link: string;
  copied: boolean;
  problems: TCodingProblem[];
  onCopy: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [inviting, setInviting] = useState(false);
  useDialog(ref, props.onClose);
  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="created-title"
        style={inviting ? { maxWidth: 'min(56rem, 96vw)', maxHeight: '92vh', overflowY: 'auto' } : undefined}
      >
        <h2 id="created-title">Test Created Successfully!</h2>
        <ShareWarning problems={props.problems} testId={props.testId} />
        <p>Share this link with candidates:</p>
        <p>
          <code className="mono" style={{ wordBreak: 'break-all' }}>
            {props.link}
          </code>
        </p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={props.onCopy}>
            {props.copied ? 'Copied!' : 'Copy Link'}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => window.open(props.link, '_blank', 'noopener')}
          >
            Open Test
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => setInviting((v) => !v)}
            aria-expanded={inviting}
          >
            Invite candidates
          </button>
          <button type="button" className="btn btn-outline" onClick={props.onClose}>
            Close
          </button>
        </div>
        <p className="muted" style={{ marginBottom: 0 }}>
          Opening the test yourself starts a preview: it never counts in results.
        </p>
        {inviting && <InvitePanel testId={props.testId} />}
      </div>
    </div>
  );
}
