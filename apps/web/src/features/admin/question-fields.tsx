import { APTITUDE_DEFAULTS, type TAptitudeQuestion } from '@assessly/shared';
import { optionLetter, tempId } from './admin-helpers';
import { MultiSelectToggle, toggled } from './multi-select-fields';
import { OptionControls } from './option-controls';
import type { QuestionDraft } from './question-draft';

export type { QuestionDraft } from './question-draft';

export function emptyQuestion(): QuestionDraft {
  return {
    id: tempId(),
    kind: 'choice',
    rubric: '',
    questionText: '',
    options: Array(APTITUDE_DEFAULTS.optionCount).fill(''),
    correctAnswer: 0,
    correctAnswers: null,
    scoring: 'all',
    marks: APTITUDE_DEFAULTS.marks,
    explanation: '',
  };
}

export function toQuestionDraft(q: TAptitudeQuestion): QuestionDraft {
  return {
    id: q.id,
    kind: q.kind,
    rubric: q.rubric,
    questionText: q.questionText,
    // a written question keeps blank options in the draft, should the author turn it back into a choice
    options: q.options.length ? [...q.options] : Array(APTITUDE_DEFAULTS.optionCount).fill(''),
    correctAnswer: q.correctAnswer,
    correctAnswers: q.correctAnswers ?? null,
    scoring: q.scoring ?? 'all',
    marks: q.marks,
    explanation: q.explanation,
  };
}

/** Marks are whole numbers; below 1 becomes 1 (spec §5); an empty field stays empty until saved. */
export function readMarks(raw: string): number | '' {
  if (raw.trim() === '') return '';
  const n = Number.parseInt(raw, 10);
  return Number.isNaN(n) ? '' : Math.max(1, n);
}

/** The Marks field of a question or problem: a whole number from 1 (empty while being typed). */
export function MarksField({
  id,
  value,
  step,
  onChange,
}: {
  id: string;
  value: number | '';
  step?: number;
  onChange: (marks: number | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Marks</label>
      <input
        id={id}
        type="number"
        min={1}
        step={step}
        value={value}
        onChange={(e) => onChange(readMarks(e.target.value))}
      />
    </div>
  );
}

/** The fields of one aptitude question: text, lettered options, the correct answer, marks, explanation. */
export function QuestionFields({
  value,
  onChange,
  idPrefix,
  writtenOnly = false,
}: {
  value: QuestionDraft;
  onChange: (q: QuestionDraft) => void;
  idPrefix: string;
  /** A coding test's written question (issue 25): no kind picker, always a written answer. */
  writtenOnly?: boolean;
}) {
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...value, ...patch });
  const setOption = (i: number, text: string) => set({ options: value.options.map((o, j) => (j === i ? text : o)) });
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-text`}>Question Text</label>
        <textarea
          id={`${idPrefix}-text`}
          rows={2}
          value={value.questionText}
          onChange={(e) => set({ questionText: e.target.value })}
          placeholder="Enter the question"
        />
      </div>
      <fieldset className="field row" style={{ border: 0, padding: 0 }} hidden={writtenOnly}>
        <legend className="label">Answer kind</legend>
        <label>
          <input
            type="radio"
            name={`${idPrefix}-kind`}
            checked={value.kind === 'choice'}
            onChange={() => set({ kind: 'choice' })}
          />{' '}
          Multiple choice
        </label>
        <label>
          <input
            type="radio"
            name={`${idPrefix}-kind`}
            checked={value.kind === 'text'}
            onChange={() => set({ kind: 'text' })}
          />{' '}
          Written answer (graded by a reviewer)
        </label>
      </fieldset>
      {value.kind === 'text' ? (
        <div className="field">
          <label htmlFor={`${idPrefix}-rubric`}>Rubric (only your team sees it)</label>
          <textarea
            id={`${idPrefix}-rubric`}
            rows={3}
            maxLength={10_000}
            value={value.rubric}
            onChange={(e) => set({ rubric: e.target.value })}
            placeholder="What a full-marks answer covers, and how to give partial marks"
          />
        </div>
      ) : (
        <>
          <MultiSelectToggle value={value} onChange={set} idPrefix={idPrefix} />
          <fieldset className="field" style={{ border: 0, padding: 0 }}>
            <legend className="label">
              {value.correctAnswers ? 'Options (tick every correct answer)' : 'Options (choose the correct answer)'}
            </legend>
            {value.options.map((opt, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are positional (A, B, C...)
              <div className="option-row" key={i}>
                <input
                  type={value.correctAnswers ? 'checkbox' : 'radio'}
                  name={`${idPrefix}-correct`}
                  checked={value.correctAnswers ? value.correctAnswers.includes(i) : value.correctAnswer === i}
                  onChange={() =>
                    value.correctAnswers
                      ? set({ correctAnswers: toggled(value.correctAnswers, i) })
                      : set({ correctAnswer: i })
                  }
                  aria-label={`Option ${optionLetter(i)} is correct`}
                />
                <span className="option-letter" aria-hidden="true">
                  {optionLetter(i)}
                </span>
                <input
                  className="input"
                  aria-label={`Option ${optionLetter(i)}`}
                  value={opt}
                  onChange={(e) => setOption(i, e.target.value)}
                  placeholder={`Option ${optionLetter(i)}`}
                />
              </div>
            ))}
            <OptionControls value={value} onChange={onChange} />
          </fieldset>
        </>
      )}
      <div className="form-grid">
        <MarksField id={`${idPrefix}-marks`} value={value.marks} step={1} onChange={(marks) => set({ marks })} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-explanation`}>Explanation (optional)</label>
        <textarea
          id={`${idPrefix}-explanation`}
          rows={2}
          value={value.explanation}
          onChange={(e) => set({ explanation: e.target.value })}
        />
      </div>
    </>
  );
}

/** The body the batch call takes for a question. */
export function questionPayload(q: QuestionDraft) {
  if (q.kind === 'text') {
    return {
      id: q.id,
      kind: 'text' as const,
      rubric: q.rubric,
      questionText: q.questionText,
      marks: q.marks === '' ? 0 : q.marks,
      explanation: q.explanation,
    };
  }
  return {
    id: q.id,
    questionText: q.questionText,
    options: q.options,
    correctAnswer: q.correctAnswers ? undefined : q.correctAnswer,
    ...(q.correctAnswers ? { correctAnswers: q.correctAnswers, scoring: q.scoring } : {}),
    marks: q.marks === '' ? 0 : q.marks,
    explanation: q.explanation,
  };
}
