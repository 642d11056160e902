import { validateAptitudeQuestions } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { AddFromBankModal, bankListProps } from './add-from-bank-modal';
import { saveQuestionBatch, useQuestionBank, useTestWithQuestions } from './admin-api';
import { addQuestionsLabel, moveItem, pickByIds, previewText } from './admin-helpers';
import { saveErrorMessage } from './aptitude-builder-page';
import { EditorHead, EditorLoadError, ItemActions, SavedNotice, useSavedFlash } from './editor-parts';
import { type QuestionDraft, QuestionFields, questionPayload, toQuestionDraft } from './question-fields';

/** Edit aptitude questions (/admin/aptitude-test/edit/{id}): inline edits, removal, order and additions, saved together. */
export function EditAptitudePage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const loaded = useTestWithQuestions(id);
  const [questions, setQuestions] = useState<QuestionDraft[] | null>(null);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<QuestionDraft | null>(null);
  const [editErrors, setEditErrors] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const saved = useSavedFlash();
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const bank = useQuestionBank(adding);

  useEffect(() => {
    if (!questions && loaded.data) {
      setQuestions(loaded.data.questions.map(toQuestionDraft));
      setVersion(loaded.data.test.version);
    }
  }, [loaded.data, questions]);

  if (loaded.isError) {
    return <EditorLoadError message="Failed to load data. Please try again later." />;
  }
  if (!questions || !loaded.data) return <PageSpinner label="Loading questions..." />;
  const test = loaded.data.test;

  const remove = (qid: string) => {
    if (questions.length === 1) {
      setError('Test must have at least one question');
      return;
    }
    setError(null);
    setQuestions(questions.filter((q) => q.id !== qid));
  };
  const applyEdit = () => {
    if (!editing) return;
    const errs = validateAptitudeQuestions([questionPayload(editing)]).map((e) => e.replace(/^Question 1: /, ''));
    setEditErrors(errs);
    if (errs.length) return;
    setQuestions(questions.map((q) => (q.id === editing.id ? editing : q)));
    setEditing(null);
  };
  const save = async () => {
    setError(null);
    saved.hide();
    if (questions.length === 0) {
      setError('Test must have at least one question');
      return;
    }
    const problems = validateAptitudeQuestions(questions.map(questionPayload));
    if (problems.length) {
      setError(problems.join('\n'));
      return;
    }
    setSaving(true);
    try {
      const result = await saveQuestionBatch(id, { version, questions: questions.map(questionPayload) });
      setVersion(result.test.version);
      setQuestions(result.questions.map(toQuestionDraft));
      await qc.invalidateQueries({ queryKey: ['admin'] });
      saved.flash();
    } catch (err) {
      setError(saveErrorMessage(err, 'Failed to save changes. Please try again.'));
    } finally {
      setSaving(false);
    }
  };
  const inTest = new Set(questions.map((q) => q.id));

  return (
    <main>
      <EditorHead title="Edit Aptitude Questions" testId={id} testName={test.testName} />
      <SavedNotice shown={saved.shown} />
      {error && (
        <div className="alert alert-error error-lines" role="alert">
          {error}
        </div>
      )}
      <div className="card" style={{ padding: 0, overflowX: 'auto' }}>
        <table className="table table-stack">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Question</th>
              <th scope="col">Marks</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {questions.length === 0 && (
              <tr>
                <td colSpan={4} className="muted">
                  No questions in this test yet.
                </td>
              </tr>
            )}
            {questions.map((q, i) => (
              <Fragment key={q.id}>
                <tr data-testid="question-row">
                  <td data-label="#">{i + 1}</td>
                  <td>{previewText(q.questionText)}</td>
                  <td data-label="Marks">{q.marks}</td>
                  <td>
                    <ItemActions
                      name={`question ${i + 1}`}
                      index={i}
                      count={questions.length}
                      onEdit={() => {
                        setEditing({ ...q, options: [...q.options] });
                        setEditErrors([]);
                      }}
                      onMove={(to) => setQuestions(moveItem(questions, i, to))}
                      onRemove={() => remove(q.id)}
                    />
                  </td>
                </tr>
                {editing?.id === q.id && (
                  <tr className="inline-editor">
                    <td colSpan={4}>
                      <QuestionFields value={editing} onChange={setEditing} idPrefix={`edit-${i + 1}`} />
                      {editErrors.length > 0 && (
                        <div className="alert alert-error error-lines" role="alert">
                          {editErrors.join('\n')}
                        </div>
                      )}
                      <div className="row">
                        <button type="button" className="btn btn-primary btn-sm" onClick={applyEdit}>
                          Update Question
                        </button>
                        <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(null)}>
                          Cancel
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
      <div className="row" style={{ marginTop: '1rem' }}>
        <button type="button" className="btn btn-outline" onClick={() => setAdding(true)}>
          Add Questions
        </button>
        <button type="button" className="btn btn-primary" onClick={save} disabled={saving || !!editing}>
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
      {adding && (
        <AddFromBankModal
          title="Add Questions"
          searchPlaceholder="Search questions..."
          {...bankListProps(bank, inTest, (b) => ({
            id: b.id,
            title: b.questionText,
            detail: b.options.join(' · '),
            marks: b.marks,
          }))}
          confirmLabel={addQuestionsLabel}
          emptyText="No matching questions found."
          onConfirm={(ids) => {
            setQuestions([...questions, ...pickByIds(bank.data, ids).map(toQuestionDraft)]);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </main>
  );
}
