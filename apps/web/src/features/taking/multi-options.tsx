/** A multi-select aptitude question's options (issue 25): checkboxes; the answer is the sorted picked indexes. */
const letter = (i: number) => String.fromCharCode(65 + i);

export function pickedOf(answer: number | number[] | undefined): number[] {
  if (answer === undefined) return [];
  return Array.isArray(answer) ? answer : [answer];
}

export function MultiOptions({
  options,
  picked,
  name,
  onChange,
}: {
  options: string[];
  picked: number[];
  name: string;
  onChange: (picked: number[]) => void;
}) {
  const toggle = (i: number) =>
    onChange(picked.includes(i) ? picked.filter((p) => p !== i) : [...picked, i].sort((a, b) => a - b));
  return (
    <>
      {options.map((opt, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are a fixed list; the index is the answer
        <label key={i} className={`aptitude-option${picked.includes(i) ? ' chosen' : ''}`}>
          <input type="checkbox" name={name} checked={picked.includes(i)} onChange={() => toggle(i)} />
          <span className="option-letter">{letter(i)}.</span> {opt}
        </label>
      ))}
    </>
  );
}
