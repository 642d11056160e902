/**
 * A coding test's written questions (issue 25): below the problems, each a question text, a rubric only the team
 * sees, and marks. The candidate answers them on the coding page; a reviewer grades them in the report.
 */
import { validateAptitudeQuestions } from '@assessly/shared';
import { tempId } from './admin-helpers';
import { emptyQuestion, type QuestionDraft, QuestionFields, questionPayload } from './question-fields';

export function emptyWritten(): QuestionDraft {
  return { ...emptyQuestion(), id: tempId(), kind: 'text' };
}

/** The batch's `questions` for a coding test, and the first error in the builder's words (or null). */
export function writtenPayload(list: QuestionDraft[]) {
  const payload = list.map((q) => questionPayload({ ...q, kind: 'text' }));
  const errors = validateAptitudeQuestions(payload).map((m) => m.replace(/^Question (\d+)/, 'Written question $1'));
  return { payload, error: errors[0] ?? null };
}

export function CodingWrittenFields({
  value,
  onChange,
}: {
  value: QuestionDraft[];
  onChange: (list: QuestionDraft[]) => void;
}) {
  const set = (i: number, q: QuestionDraft) => onChange(value.map((x, j) => (j === i ? q : x)));
  return (
    <section className="card builder-item" aria-labelledby="written-questions-h">
      <div className="builder-item-head">
        <h2 id="written-questions-h">Written questions</h2>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onChange([...value, emptyWritten()])}>
          + Add Written Question
        </button>
      </div>
      <p className="field-hint">
        Optional. The candidate writes an answer beside the code; a reviewer grades it against the rubric, and the
        result reads "Awaiting grading" until then.
      </p>
      {value.map((q, i) => (
        <fieldset key={q.id} className="builder-item" style={{ border: 0, padding: 0, margin: '1rem 0 0' }}>
          <legend className="builder-item-head" style={{ width: '100%' }}>
            <h3 style={{ margin: 0 }}>Written question {i + 1}</h3>
          </legend>
          <QuestionFields writtenOnly value={q} onChange={(next) => set(i, next)} idPrefix={`w${i + 1}`} />
          <button
            type="button"
            className="btn btn-danger btn-sm"
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            Remove Written Question {i + 1}
          </button>
        </fieldset>
      ))}
    </section>
  );
}
