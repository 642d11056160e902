/**
 * A written answer (issue 25): a labelled text box saved as the candidate types (through the page's save
 * queue, like code), with a live count of the characters left. The rubric never reaches the page.
 */
import { WRITTEN_ANSWER_MAX } from '@assessly/shared';
import { useId } from 'react';

export function WrittenAnswer({
  value,
  disabled,
  onChange,
  label = 'Your answer',
}: {
  value: string;
  disabled: boolean;
  onChange: (text: string) => void;
  /** The box's label: several answers on one page (a coding test's) name their question. */
  label?: string;
}) {
  const id = useId();
  const left = WRITTEN_ANSWER_MAX - value.length;
  return (
    <div className="written-answer">
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        id={`${id}-text`}
        className="input written-answer-text"
        rows={10}
        maxLength={WRITTEN_ANSWER_MAX}
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-count`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-count`} className="muted written-answer-count">
        {left.toLocaleString('en')} of {WRITTEN_ANSWER_MAX.toLocaleString('en')} characters left · saved as you type; a
        reviewer grades it
      </p>
    </div>
  );
}
