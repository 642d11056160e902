/** The multi-select switch of an aptitude question in the builder (issue 25): several correct options and their scoring. */
import type { QuestionDraft } from './question-draft';

export const toggled = (list: number[], i: number) =>
  list.includes(i) ? list.filter((x) => x !== i) : [...list, i].sort((a, b) => a - b);

export function MultiSelectToggle({
  value,
  onChange,
  idPrefix,
}: {
  value: QuestionDraft;
  onChange: (patch: Partial<QuestionDraft>) => void;
  idPrefix: string;
}) {
  const multi = value.correctAnswers !== null;
  return (
    <div className="row">
      <label>
        <input
          type="checkbox"
          checked={multi}
          onChange={(e) => onChange({ correctAnswers: e.target.checked ? [value.correctAnswer] : null })}
        />{' '}
        Several options are correct
      </label>
      {multi && (
        <label htmlFor={`${idPrefix}-scoring`}>
          Scoring{' '}
          <select
            id={`${idPrefix}-scoring`}
            value={value.scoring}
            onChange={(e) => onChange({ scoring: e.target.value as QuestionDraft['scoring'] })}
          >
            <option value="all">Full marks only for exactly the right options</option>
            <option value="partial">Partial: marks × (right − wrong) ÷ correct options</option>
          </select>
        </label>
      )}
    </div>
  );
}
