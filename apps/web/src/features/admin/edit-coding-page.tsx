import type { TCodingProblem, TTest } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError, api } from '../../lib/api';
import { AddFromBankModal, bankListProps } from './add-from-bank-modal';
import { useProblemBank, useTestWithQuestions } from './admin-api';
import { moveItem, pickByIds, previewText } from './admin-helpers';
import { EditorHead, EditorLoadError, ItemActions, SavedNotice, useSavedFlash } from './editor-parts';
import { type ProblemDraft, ProblemFields, problemPayload, toProblemDraft } from './problem-fields';
import { findOutdated, RejudgePrompt } from './rejudge-prompt';
import { ShareWarning } from './solution-check';

/** Edit coding problems (/admin/coding-test/edit/{id}): problem table, inline editor, add from the bank. */
export function EditCodingPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const loaded = useTestWithQuestions(id);
  const [problems, setProblems] = useState<TCodingProblem[] | null>(null);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<ProblemDraft | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [savingProblem, setSavingProblem] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const bank = useProblemBank(adding);
  const saved = useSavedFlash();
  const [outdated, setOutdated] = useState<Awaited<ReturnType<typeof findOutdated>>>([]);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!problems && loaded.data) {
      setProblems(loaded.data.problems);
      setVersion(loaded.data.test.version);
    }
  }, [loaded.data, problems]);

  // ?check=<problem id> (the "Check before sharing" links): open that problem with its model solution and put
  // the focus on "Check solution" beside it.
  const [params, setParams] = useSearchParams();
  const checkId = params.get('check');
  const focusCheck = useRef<string | null>(null);
  useEffect(() => {
    if (!problems || !checkId) return;
    const p = problems.find((x) => x.id === checkId);
    if (p) {
      setEditing(toProblemDraft(p));
      setEditError(null);
      focusCheck.current = p.id;
    }
    setParams({}, { replace: true });
  }, [checkId, problems, setParams]);
  useEffect(() => {
    if (!editing || focusCheck.current !== editing.id) return;
    focusCheck.current = null;
    const button = document.getElementById(`check-solution-${editing.id}`);
    button?.scrollIntoView({ block: 'center' });
    button?.focus();
  }, [editing]);

  if (loaded.isError) {
    return <EditorLoadError message="Test not found or failed to load" />;
  }
  if (!problems || !loaded.data) return <PageSpinner label="Loading problems..." />;
  const test = loaded.data.test;
  const createNew = () =>
    navigate(`/admin/coding-test/${id}`, { state: { returnTo: `/admin/coding-test/edit/${id}` } });
  // a coding test's written questions (issue 25) are edited in the builder, below its problems
  const editWritten = () =>
    navigate(`/admin/coding-test/${id}`, { state: { returnTo: `/admin/coding-test/edit/${id}`, written: true } });
  // a mixed test's single- and multi-select questions (issue 46) are in its sections, not here
  const written = loaded.data.questions.filter((q) => q.kind === 'text');

  /**
   * Membership and order changes are saved at once, guarded by the test's version. Problems added from
   * another test are copied by the server unless listed in linkIds (shared on purpose).
   */
  const setMembership = async (next: TCodingProblem[], linkIds: string[] = []) => {
    setError(null);
    try {
      const updated = await api<TTest>(`/api/tests/${id}/update-questions`, {
        method: 'PUT',
        body: { questionIds: next.map((p) => p.id), version, linkIds },
      });
      setVersion(updated.version);
      const sameIds = updated.questionIds.every((q, i) => q === next[i]?.id);
      setProblems(sameIds ? next : (await api<{ problems: TCodingProblem[] }>(`/api/tests/${id}/questions`)).problems);
      saved.flash();
      await qc.invalidateQueries({ queryKey: ['admin'] });
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 409 ? err.message : 'Failed to save changes. Please try again.',
      );
    }
  };

  const saveProblem = async () => {
    if (!editing) return;
    if (!editing.title.trim() || !editing.description.trim()) {
      setEditError('Title and description are required');
      return;
    }
    setEditError(null);
    setSavingProblem(true);
    try {
      const problem = await api<TCodingProblem>(`/api/coding-tests/${editing.id}`, {
        method: 'PUT',
        body: problemPayload(editing),
      });
      const before = new Map(problems.map((p) => [p.id, p.version]));
      setProblems(problems.map((p) => (p.id === problem.id ? problem : p)));
      setEditing(null);
      saved.flash();
      setOutdated(await findOutdated([problem], before));
      await qc.invalidateQueries({ queryKey: ['admin'] });
    } catch (err) {
      // The editor stays open with everything typed.
      setEditError(
        err instanceof ApiError && err.status === 400 ? err.message : 'Failed to update problem. Please try again.',
      );
    } finally {
      setSavingProblem(false);
    }
  };

  const inTest = new Set(problems.map((p) => p.id));
  return (
    <main>
      <EditorHead
        title="Edit Coding Problems"
        testId={id}
        testName={test.testName}
        actions={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setAdding(true)}>
              Add Problems
            </button>
            <button type="button" className="btn btn-primary" onClick={createNew}>
              Create New Problem
            </button>
          </>
        }
      />
      <SavedNotice shown={saved.shown} />
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {notice && (
        <div className="alert alert-info" role="status">
          {notice}
        </div>
      )}
      <ShareWarning problems={problems} testId={id} />
      {outdated.length > 0 && (
        <RejudgePrompt
          items={outdated}
          onDone={(message) => {
            setOutdated([]);
            setNotice(message);
          }}
        />
      )}
      {problems.length === 0 ? (
        <div className="card empty-state">
          <p>No problems added to this test yet.</p>
          <div className="row" style={{ justifyContent: 'center' }}>
            <button type="button" className="btn btn-outline" onClick={() => setAdding(true)}>
              Add Existing Problems
            </button>
            <button type="button" className="btn btn-primary" onClick={createNew}>
              Create New Problem
            </button>
          </div>
        </div>
      ) : (
        <div className="card" style={{ padding: 0, overflowX: 'auto' }}>
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">Problem</th>
                <th scope="col">Marks</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p, i) => (
                <Fragment key={p.id}>
                  <tr data-testid="problem-row">
                    <td>
                      <strong>{p.title}</strong>
                      <div className="muted">{previewText(p.description)}</div>
                    </td>
                    <td data-label="Marks">{p.marks}</td>
                    <td>
                      <ItemActions
                        name={p.title}
                        removeLabel={`Remove ${p.title} from test`}
                        index={i}
                        count={problems.length}
                        onEdit={() => {
                          setEditing(toProblemDraft(p));
                          setEditError(null);
                        }}
                        onMove={(to) => setMembership(moveItem(problems, i, to))}
                        onRemove={() => setMembership(problems.filter((x) => x.id !== p.id))}
                      />
                    </td>
                  </tr>
                  {editing?.id === p.id && (
                    <tr className="inline-editor">
                      <td colSpan={3}>
                        <ProblemFields
                          value={editing}
                          onChange={setEditing}
                          onError={setEditError}
                          idPrefix={`edit-${i + 1}`}
                          dirty={JSON.stringify(editing) !== JSON.stringify(toProblemDraft(p))}
                        />
                        {editError && (
                          <div className="alert alert-error" role="alert">
                            {editError}
                          </div>
                        )}
                        <div className="row">
                          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(null)}>
                            Cancel
                          </button>
                          <button
                            type="button"
                            className="btn btn-primary btn-sm"
                            onClick={saveProblem}
                            disabled={savingProblem}
                          >
                            {savingProblem ? 'Saving...' : 'Save Problem'}
                          </button>
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section className="card" aria-labelledby="written-list-h" style={{ marginTop: '1rem' }}>
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2 id="written-list-h" style={{ margin: 0 }}>
            Written questions
          </h2>
          <button type="button" className="btn btn-outline btn-sm" onClick={editWritten}>
            {written.length ? 'Edit Written Questions' : 'Add Written Questions'}
          </button>
        </div>
        {written.length === 0 ? (
          <p className="muted">None. A written answer is graded by a reviewer against its rubric.</p>
        ) : (
          <ol>
            {written.map((q) => (
              <li key={q.id}>
                {previewText(q.questionText)} <span className="muted">({q.marks} marks)</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {adding && (
        <AddFromBankModal
          title="Add Problems to Test"
          searchPlaceholder="Search problems..."
          {...bankListProps(bank, inTest, (b) => ({
            id: b.id,
            title: b.title,
            detail: previewText(b.description),
            marks: b.marks,
          }))}
          confirmLabel={(n) => `Add ${n} Problem(s)`}
          emptyText="No matching problems found."
          emptyAction={
            <button type="button" className="btn btn-primary" onClick={createNew}>
              Create New Problem
            </button>
          }
          linkable
          onConfirm={(ids, linkIds) => {
            void setMembership([...problems, ...pickByIds(bank.data, ids)], linkIds);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </main>
  );
}
