/**
 * The kind picker and the signature editor of a coding problem (issue 25). A function problem's cases are
 * JSON: one value per parameter per line in, the return value out; the messages below come from the same
 * check the server applies when saving.
 */
import {
  functionCaseProblems,
  type TFunctionSignature,
  type TIoPair,
  type TProblemKind,
  type TValueType,
  VALUE_TYPES,
  ZFunctionSignature,
} from '@assessly/shared';

export interface FunctionDraft {
  kind: TProblemKind;
  signature: TFunctionSignature;
  unorderedResult: boolean;
}

export const DEFAULT_SIGNATURE: TFunctionSignature = {
  name: 'solve',
  params: [{ name: 'nums', type: 'int[]' }],
  returns: 'int',
};

function TypeSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: TValueType;
  onChange: (t: TValueType) => void;
}) {
  return (
    <select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value as TValueType)}>
      {VALUE_TYPES.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}

export function FunctionFields({
  value,
  onChange,
  cases,
  idPrefix,
}: {
  value: FunctionDraft;
  onChange: (patch: Partial<FunctionDraft>) => void;
  cases: { examples: TIoPair[]; testCases: TIoPair[] };
  idPrefix: string;
}) {
  const sig = value.signature;
  const setSig = (patch: Partial<TFunctionSignature>) => onChange({ signature: { ...sig, ...patch } });
  const setParam = (i: number, patch: Partial<TFunctionSignature['params'][number]>) =>
    setSig({ params: sig.params.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const parsed = ZFunctionSignature.safeParse(sig);
  const sigProblems = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  const caseProblems =
    parsed.success && value.kind === 'function'
      ? functionCaseProblems(parsed.data, {
          examples: cases.examples.filter((c) => c.input.trim() || c.output.trim()),
          testCases: cases.testCases.filter((c) => c.input.trim() || c.output.trim()),
        }).map((p) => p.message)
      : [];
  return (
    <fieldset className="field" style={{ border: 0, padding: 0 }}>
      <legend className="label">Kind</legend>
      <div className="row" role="radiogroup" aria-label="Problem kind">
        <label>
          <input
            type="radio"
            name={`${idPrefix}-kind`}
            checked={value.kind === 'stdio'}
            onChange={() => onChange({ kind: 'stdio' })}
          />{' '}
          Input/output (the program reads stdin and prints the answer)
        </label>
        <label>
          <input
            type="radio"
            name={`${idPrefix}-kind`}
            checked={value.kind === 'function'}
            onChange={() => onChange({ kind: 'function' })}
          />{' '}
          Function (the candidate implements a function; every language gets a starter)
        </label>
        <label>
          <input
            type="radio"
            name={`${idPrefix}-kind`}
            checked={value.kind === 'sql'}
            onChange={() => onChange({ kind: 'sql' })}
          />{' '}
          SQL (the candidate writes an SQLite query over a schema you define)
        </label>
      </div>
      {value.kind === 'function' && (
        <div className="card function-signature">
          <div className="field">
            <label htmlFor={`${idPrefix}-fn-name`}>Function name</label>
            <input
              id={`${idPrefix}-fn-name`}
              className="input mono"
              value={sig.name}
              onChange={(e) => setSig({ name: e.target.value })}
            />
          </div>
          <fieldset className="field" style={{ border: 0, padding: 0 }}>
            <legend className="label">Parameters</legend>
            {sig.params.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: parameters are positional
              <div className="param-row" key={i}>
                <input
                  className="input mono"
                  aria-label={`Parameter ${i + 1} name`}
                  value={p.name}
                  onChange={(e) => setParam(i, { name: e.target.value })}
                />
                <TypeSelect
                  id={`${idPrefix}-p${i}-type`}
                  label={`Parameter ${i + 1} type`}
                  value={p.type}
                  onChange={(type) => setParam(i, { type })}
                />
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-label={`Remove parameter ${i + 1}`}
                  disabled={sig.params.length <= 1}
                  onClick={() => setSig({ params: sig.params.filter((_, j) => j !== i) })}
                >
                  ✕
                </button>
              </div>
            ))}
            <div>
              <button
                type="button"
                className="btn btn-link"
                disabled={sig.params.length >= 10}
                onClick={() =>
                  setSig({ params: [...sig.params, { name: `arg${sig.params.length + 1}`, type: 'int' }] })
                }
              >
                + Add Parameter
              </button>
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor={`${idPrefix}-fn-returns`}>Returns</label>
            <TypeSelect
              id={`${idPrefix}-fn-returns`}
              label="Return type"
              value={sig.returns}
              onChange={(returns) => setSig({ returns })}
            />
          </div>
          <label>
            <input
              type="checkbox"
              checked={value.unorderedResult}
              onChange={(e) => onChange({ unorderedResult: e.target.checked })}
            />{' '}
            The returned array may come in any order
          </label>
          <p className="field-hint">
            Each case's input is one JSON value per parameter, one per line, in order (e.g. <code>[2, 7, 11]</code> then{' '}
            <code>9</code>); its output is the JSON of the return value. Doubles match within the tolerance (default
            1e-6).
          </p>
          {[...sigProblems, ...caseProblems].length > 0 && (
            <ul className="alert alert-warning" aria-live="polite">
              {[...sigProblems, ...caseProblems].slice(0, 8).map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
