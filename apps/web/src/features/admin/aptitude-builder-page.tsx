import { validateAptitudeQuestions } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { SuccessAlert } from '../../app/alert';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError } from '../../lib/api';
import { saveQuestionBatch, useTestWithQuestions } from './admin-api';
import { moveItem } from './admin-helpers';
import { BuilderHead } from './editor-parts';
import { emptyQuestion, type QuestionDraft, QuestionFields, questionPayload, toQuestionDraft } from './question-fields';

/** Save failures: the server's reason when it gives one we can act on, else the spec's message. */
export function saveErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && (err.status === 409 || err.status === 400)) return err.message;
  return fallback;
}

/** Aptitude builder (/admin/aptitude-test/{id}): questions with options A, B, C, D..., saved all at once. */
export function AptitudeBuilderPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const returnTo = (useLocation().state as { returnTo?: string } | null)?.returnTo;
  const qc = useQueryClient();
  const loaded = useTestWithQuestions(id);
  const [questions, setQuestions] = useState<QuestionDraft[] | null>(null);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Start from the saved questions (or one empty question); a load failure still offers an empty question.
  useEffect(() => {
    if (questions) return;
    if (loaded.data) {
      setVersion(loaded.data.test.version);
      setQuestions(loaded.data.questions.length ? loaded.data.questions.map(toQuestionDraft) : [emptyQuestion()]);
    } else if (loaded.isError) setQuestions([emptyQuestion()]);
  }, [loaded.data, loaded.isError, questions]);

  if (!questions) return <PageSpinner label="Loading test details..." />;
  const test = loaded.data?.test;

  const update = (i: number, q: QuestionDraft) => setQuestions(questions.map((x, j) => (j === i ? q : x)));
  const remove = (i: number) => {
    if (questions.length === 1) {
      setErrors(['Test must have at least one question']);
      return;
    }
    setQuestions(questions.filter((_, j) => j !== i));
  };

  const save = async () => {
    setSuccess(null);
    const problems = validateAptitudeQuestions(questions.map(questionPayload));
    setErrors(problems);
    if (problems.length) return;
    setSaving(true);
    try {
      const saved = await saveQuestionBatch(id, { version, questions: questions.map(questionPayload) });
      setVersion(saved.test.version);
      setQuestions(saved.questions.map(toQuestionDraft));
      await qc.invalidateQueries({ queryKey: ['admin'] });
      setSuccess('All questions saved successfully!');
      timer.current = setTimeout(() => navigate(returnTo ?? '/admin/tests'), 2000);
    } catch (err) {
      // Nothing typed is lost: the questions stay on screen with the reason.
      setErrors([saveErrorMessage(err, 'Failed to save questions. Please try again.')]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <main>
      <BuilderHead title="Add Aptitude Questions" testName={test?.testName} loadFailed={loaded.isError} />
      {questions.map((q, i) => (
        <section className="card builder-item" key={q.id} aria-labelledby={`${q.id}-title`}>
          <div className="builder-item-head">
            <h2 id={`${q.id}-title`}>Question {i + 1}</h2>
            <div className="icon-actions">
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => setQuestions(moveItem(questions, i, i - 1))}
                disabled={i === 0}
                aria-label={`Move question ${i + 1} up`}
              >
                ↑ Up
              </button>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => setQuestions(moveItem(questions, i, i + 1))}
                disabled={i === questions.length - 1}
                aria-label={`Move question ${i + 1} down`}
              >
                ↓ Down
              </button>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() => remove(i)}
                aria-label={`Remove question ${i + 1}`}
              >
                Remove
              </button>
            </div>
          </div>
          <QuestionFields value={q} onChange={(next) => update(i, next)} idPrefix={`q${i + 1}`} />
        </section>
      ))}
      {errors.length > 0 && (
        <div className="alert alert-error error-lines" role="alert">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      )}
      <SuccessAlert message={success} />
      <div className="row">
        <button type="button" className="btn btn-outline" onClick={() => setQuestions([...questions, emptyQuestion()])}>
          + Add Question
        </button>
        <button type="button" className="btn btn-primary" onClick={save} disabled={saving || !!success}>
          {saving ? 'Saving...' : 'Save Questions'}
        </button>
      </div>
    </main>
  );
}
