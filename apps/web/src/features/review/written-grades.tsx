/**
 * The report's written answers (issue 25): each answer beside its rubric, and a form to grade it (a score from 0
 * to the question's marks and a comment). Saving a grade refreshes the report, so the total and the result follow.
 */
import type { TProblemScore, TWrittenGradeInput, TWrittenGradeSaved } from '@assessly/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

type Written = TProblemScore & { written: NonNullable<TProblemScore['written']> };

export function WrittenAnswers({ attemptId, problems }: { attemptId: string; problems: TProblemScore[] }) {
  const written = problems.filter((p): p is Written => !!p.written);
  if (written.length === 0) return null;
  return (
    <section className="card rv-section" aria-labelledby="written-h">
      <h2 id="written-h">Written answers</h2>
      {written.map((p) => (
        <WrittenAnswer key={p.questionId} attemptId={attemptId} p={p} />
      ))}
    </section>
  );
}

function WrittenAnswer({ attemptId, p }: { attemptId: string; p: Written }) {
  const id = useId();
  const qc = useQueryClient();
  const grade = p.written.grade;
  const [score, setScore] = useState(grade ? String(grade.score) : '');
  const [comment, setComment] = useState(grade?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: TWrittenGradeInput) =>
      api<TWrittenGradeSaved>(`/api/review/attempts/${attemptId}/grades`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['review', 'report', attemptId] }),
  });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const n = Number(score);
    if (score.trim() === '' || !Number.isFinite(n) || n < 0 || n > p.marks) {
      setError(`Score must be between 0 and ${p.marks}`);
      return;
    }
    try {
      await save.mutateAsync({ questionId: p.questionId, score: n, comment });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <article className="rv-written" aria-labelledby={`${id}-q`}>
      <h3 id={`${id}-q`}>
        {p.questionNumber + 1}. {p.title} <small className="muted">({p.marks} marks)</small>
      </h3>
      <div className="rv-written-grid">
        <div>
          <h4>Candidate's answer</h4>
          {p.written.answer === null ? (
            <p className="muted">Not answered (scores 0; nothing to grade).</p>
          ) : (
            <p className="rv-written-text">{p.written.answer}</p>
          )}
        </div>
        <div>
          <h4>Rubric</h4>
          <p className="rv-written-text">{p.written.rubric || 'No rubric was written for this question.'}</p>
        </div>
      </div>
      {grade ? (
        <p role="status">
          Graded {grade.score} / {p.marks}
          {grade.gradedBy ? ` by ${grade.gradedBy}` : ''} on {formatDateTime(grade.gradedAt)}
        </p>
      ) : (
        p.written.answer !== null && (
          <p className="badge badge-warning" role="status">
            Awaiting grading
          </p>
        )
      )}
      {p.written.answer !== null && (
        <form className="no-print" onSubmit={submit} noValidate aria-label={`Grade question ${p.questionNumber + 1}`}>
          <div className="field">
            <label htmlFor={`${id}-score`}>Score (0 to {p.marks})</label>
            <input
              id={`${id}-score`}
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              max={p.marks}
              step="any"
              value={score}
              onChange={(e) => setScore(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-err` : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-comment`}>Comment</label>
            <textarea
              id={`${id}-comment`}
              className="input"
              maxLength={10_000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-err`} className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : grade ? 'Update grade' : 'Save grade'}
          </button>
        </form>
      )}
    </article>
  );
}
