/** Option count controls of an aptitude question (issue 26): 2 to 6 options, and a one-click True/False. */
import { OPTION_COUNT } from '@assessly/shared';
import { optionLetter } from './admin-helpers';

export const MIN_OPTIONS = OPTION_COUNT.min;
export const MAX_OPTIONS = OPTION_COUNT.max;

interface Draft {
  options: string[];
  correctAnswer: number;
}

/** The draft without option i; the correct answer keeps pointing at the same option (or the first one). */
export function withoutOption<T extends Draft>(q: T, i: number): T {
  const options = q.options.filter((_, j) => j !== i);
  const correctAnswer = q.correctAnswer === i ? 0 : q.correctAnswer > i ? q.correctAnswer - 1 : q.correctAnswer;
  return { ...q, options, correctAnswer };
}

export function OptionControls<T extends Draft>({ value, onChange }: { value: T; onChange: (q: T) => void }) {
  const n = value.options.length;
  return (
    <div className="row" style={{ gap: '0.5rem', flexWrap: 'wrap' }}>
      <button
        type="button"
        className="btn btn-link btn-sm"
        disabled={n >= MAX_OPTIONS}
        onClick={() => onChange({ ...value, options: [...value.options, ''] })}
      >
        + Add option
      </button>
      {/* Named by its visible text, letter included (WCAG 2.5.3: a voice user says what they see). */}
      <button
        type="button"
        className="btn btn-link btn-sm"
        disabled={n <= MIN_OPTIONS}
        onClick={() => onChange(withoutOption(value, n - 1))}
      >
        − Remove option {optionLetter(n - 1)}
      </button>
      <button
        type="button"
        className="btn btn-link btn-sm"
        onClick={() => onChange({ ...value, options: ['True', 'False'], correctAnswer: 0 })}
      >
        Make it True / False
      </button>
      <span className="field-hint">
        {n} options ({MIN_OPTIONS} to {MAX_OPTIONS})
      </span>
    </div>
  );
}
