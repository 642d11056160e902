import {
  CODE_LANGUAGES,
  CODING_DEFAULTS,
  COMPARISON_LABELS,
  COMPARISON_MODES,
  DEFAULT_SOLUTION,
  DEFAULT_STARTER_CODE,
  describeComparison,
  languageName,
  MEMORY_LIMIT_RANGE,
  SQL_LANGUAGE,
  type TAnswerLanguage,
  type TCodeLanguage,
  type TCodingProblem,
  type TComparisonMode,
  type TFunctionSignature,
  TIME_LIMIT_RANGE,
  type TIoPair,
  type TProblemKind,
} from '@assessly/shared';
import { useRef, useState } from 'react';
import { tempId } from './admin-helpers';
import { FillOutputsButton } from './fill-outputs';
import { DEFAULT_SIGNATURE, FunctionFields } from './function-fields';
import { MarksField } from './question-fields';
import { SolutionCheckButton } from './solution-check';
import { useSolutionTemplate } from './solution-template';
import { DEFAULT_SQL_SCHEMA, SqlFields } from './sql-fields';

/** A coding problem as the builder and the editor hold it. */
export interface ProblemDraft {
  id: string;
  title: string;
  description: string;
  examples: TIoPair[];
  testCases: TIoPair[];
  constraints: string[];
  marks: number | '';
  solution: string;
  timeLimitMs: number | '';
  memoryLimitMb: number | '';
  starterCode: Partial<Record<TCodeLanguage, string>>;
  comparisonMode: TComparisonMode;
  floatTolerance: number | '';
  solutionLanguage: TAnswerLanguage | '';
  /** Function problems (issue 25). */
  kind: TProblemKind;
  signature: TFunctionSignature;
  unorderedResult: boolean;
  /** SQL problems (issue 25). */
  sqlSchema: string;
  orderMatters: boolean;
}

export function emptyProblem(): ProblemDraft {
  return {
    id: tempId(),
    title: '',
    description: '',
    examples: [{ input: '', output: '' }],
    testCases: [{ input: '', output: '' }],
    constraints: [''],
    marks: CODING_DEFAULTS.marks,
    solution: DEFAULT_SOLUTION,
    timeLimitMs: CODING_DEFAULTS.timeLimitMs,
    memoryLimitMb: CODING_DEFAULTS.memoryLimitMb,
    starterCode: {},
    comparisonMode: 'token',
    floatTolerance: '',
    solutionLanguage: 'javascript',
    kind: 'stdio',
    signature: DEFAULT_SIGNATURE,
    unorderedResult: false,
    sqlSchema: DEFAULT_SQL_SCHEMA,
    orderMatters: false,
  };
}

/** Starter code equal to the default template is not stored as the problem's own. */
export function toProblemDraft(p: TCodingProblem): ProblemDraft {
  const own: Partial<Record<TCodeLanguage, string>> = {};
  for (const lang of CODE_LANGUAGES)
    if (p.starterCode[lang] && p.starterCode[lang] !== DEFAULT_STARTER_CODE[lang]) own[lang] = p.starterCode[lang];
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    examples: p.examples.map((e) => ({ ...e })),
    testCases: p.testCases.map((e) => ({ ...e })),
    constraints: [...p.constraints],
    marks: p.marks,
    solution: p.solution,
    timeLimitMs: p.timeLimitMs,
    memoryLimitMb: p.memoryLimitMb,
    starterCode: own,
    comparisonMode: p.comparisonMode ?? 'token',
    floatTolerance: p.floatTolerance ?? '',
    solutionLanguage: p.solutionLanguage ?? '',
    kind: p.kind ?? 'stdio',
    signature: p.signature ?? DEFAULT_SIGNATURE,
    unorderedResult: p.unorderedResult ?? false,
    sqlSchema: p.sql?.schema ?? DEFAULT_SQL_SCHEMA,
    orderMatters: p.orderMatters ?? false,
  };
}

export function problemPayload(p: ProblemDraft) {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    examples: p.examples,
    testCases: p.testCases,
    // blank rows are dropped (issue 46): a problem may state no constraints
    constraints: p.constraints.filter((c) => c.trim() !== ''),
    marks: p.marks === '' ? 0 : p.marks,
    solution: p.solution,
    timeLimitMs: p.timeLimitMs === '' ? CODING_DEFAULTS.timeLimitMs : p.timeLimitMs,
    memoryLimitMb: p.memoryLimitMb === '' ? CODING_DEFAULTS.memoryLimitMb : p.memoryLimitMb,
    starterCode: p.starterCode,
    comparisonMode: p.comparisonMode,
    floatTolerance: p.comparisonMode === 'float' && p.floatTolerance !== '' ? p.floatTolerance : null,
    solutionLanguage: p.solutionLanguage || null,
    kind: p.kind,
    signature: p.kind === 'function' ? p.signature : null,
    unorderedResult: p.kind === 'function' && p.unorderedResult,
    sql: p.kind === 'sql' ? { schema: p.sqlSchema } : null,
    orderMatters: p.kind === 'sql' && p.orderMatters,
  };
}

function PairList({
  label,
  noun,
  items,
  onChange,
  onError,
  idPrefix,
  minMessage,
  heads = ['Input (stdin)', 'Expected output (stdout)'],
}: {
  label: string;
  noun: string;
  items: TIoPair[];
  onChange: (items: TIoPair[]) => void;
  onError: (message: string) => void;
  idPrefix: string;
  minMessage: string;
  /** The column headings (a function problem's cases are JSON). */
  heads?: [string, string];
}) {
  const set = (i: number, patch: Partial<TIoPair>) => onChange(items.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <fieldset className="field" style={{ border: 0, padding: 0 }}>
      <legend className="label">{label}</legend>
      <div className="pair-head" aria-hidden="true">
        <span>{heads[0]}</span>
        <span>{heads[1]}</span>
      </div>
      {items.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
        <div className="pair-row" key={i}>
          <textarea
            className="input mono"
            rows={2}
            aria-label={`${noun} ${i + 1} input`}
            placeholder={heads[0]}
            value={p.input}
            onChange={(e) => set(i, { input: e.target.value })}
            id={`${idPrefix}-${i}-in`}
          />
          <textarea
            className="input mono"
            rows={2}
            aria-label={`${noun} ${i + 1} output`}
            placeholder={heads[1]}
            value={p.output}
            onChange={(e) => set(i, { output: e.target.value })}
          />
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`}
            onClick={() => (items.length <= 1 ? onError(minMessage) : onChange(items.filter((_, j) => j !== i)))}
          >
            ✕
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="btn btn-link" onClick={() => onChange([...items, { input: '', output: '' }])}>
          + Add {noun}
        </button>
      </div>
    </fieldset>
  );
}

/** Every field of one coding problem. List removals below one item report the spec's message through onError. */
export function ProblemFields({
  value,
  onChange,
  onError,
  idPrefix,
  dirty = false,
}: {
  value: ProblemDraft;
  onChange: (p: ProblemDraft) => void;
  onError: (message: string) => void;
  idPrefix: string;
  /** Unsaved edits: "Check solution" runs the saved version. */
  dirty?: boolean;
}) {
  // Open by default: the model solution and its "Check solution" are one glance away (issue 26).
  const [showSolution, setShowSolution] = useState(true);
  const [showAdvanced, setShowAdvanced] = useState(false);
  const set = (patch: Partial<ProblemDraft>) => onChange({ ...value, ...patch });
  const latest = useRef(value);
  latest.current = value;
  const heads: [string, string] =
    value.kind === 'function'
      ? ['Arguments (JSON, one line per parameter)', 'Expected return value (JSON)']
      : value.kind === 'sql'
        ? ['Data (SQL filling the tables)', 'Expected result (a row per line, values separated by |)']
        : ['Input (stdin)', 'Expected output (stdout)'];
  // an SQL problem's model solution is a query; leaving SQL, the solution is JavaScript again until chosen
  const setKind = (kind: TProblemKind) => {
    if (kind === 'sql' && value.kind !== 'sql') set({ kind, solutionLanguage: SQL_LANGUAGE });
    else if (kind !== 'sql' && value.kind === 'sql')
      set({ kind, solutionLanguage: value.solutionLanguage === SQL_LANGUAGE ? 'javascript' : value.solutionLanguage });
    else set({ kind });
  };
  // the solution box follows the kind and the language while it holds a template (issue 46)
  useSolutionTemplate(value, (solution) => onChange({ ...latest.current, solution }));
  const readInt = (raw: string): number | '' => (raw.trim() === '' ? '' : Number.parseInt(raw, 10) || '');
  return (
    <>
      <div className="form-grid">
        <div className="field" style={{ gridColumn: 'span 2' }}>
          <label htmlFor={`${idPrefix}-title`}>Title</label>
          <input
            id={`${idPrefix}-title`}
            value={value.title}
            onChange={(e) => set({ title: e.target.value })}
            placeholder="e.g. Two Sum"
          />
        </div>
        <MarksField id={`${idPrefix}-marks`} value={value.marks} onChange={(marks) => set({ marks })} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-description`}>Description</label>
        <textarea
          id={`${idPrefix}-description`}
          rows={5}
          value={value.description}
          onChange={(e) => set({ description: e.target.value })}
          placeholder="Describe the problem, the input format and the output format"
        />
      </div>
      <FunctionFields
        value={value}
        onChange={({ kind, ...patch }) => (kind ? setKind(kind) : set(patch))}
        cases={value}
        idPrefix={idPrefix}
      />
      {value.kind === 'sql' && <SqlFields value={value} onChange={(patch) => set(patch)} idPrefix={idPrefix} />}
      <PairList
        heads={heads}
        label="Examples (shown to candidates)"
        noun="Example"
        items={value.examples}
        onChange={(examples) => set({ examples })}
        onError={onError}
        idPrefix={`${idPrefix}-ex`}
        minMessage="At least one example is required"
      />
      <PairList
        heads={heads}
        label="Test Cases (hidden from candidates)"
        noun="Test case"
        items={value.testCases}
        onChange={(testCases) => set({ testCases })}
        onError={onError}
        idPrefix={`${idPrefix}-tc`}
        minMessage="At least one test case is required"
      />
      <fieldset className="field" style={{ border: 0, padding: 0 }}>
        <legend className="label">Constraints (optional)</legend>
        <p className="field-hint">Blank rows are left out when you save.</p>
        {value.constraints.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          <div className="list-row" key={i}>
            <input
              className="input"
              aria-label={`Constraint ${i + 1}`}
              value={c}
              placeholder="e.g. 1 <= n <= 10^5"
              onChange={(e) => set({ constraints: value.constraints.map((x, j) => (j === i ? e.target.value : x)) })}
            />
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-label={`Remove constraint ${i + 1}`}
              // the last row is emptied rather than removed, so there is always a row to type in
              onClick={() =>
                set({ constraints: value.constraints.length <= 1 ? [''] : value.constraints.filter((_, j) => j !== i) })
              }
            >
              ✕
            </button>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="btn btn-link"
            onClick={() => set({ constraints: [...value.constraints, ''] })}
          >
            + Add Constraint
          </button>
        </div>
      </fieldset>
      <div className="field">
        <button
          type="button"
          className="collapse-head"
          aria-expanded={showSolution}
          aria-controls={`${idPrefix}-solution-panel`}
          onClick={() => setShowSolution((s) => !s)}
        >
          <span>Solution</span>
          <span aria-hidden="true">{showSolution ? '▲' : '▼'}</span>
        </button>
        {showSolution && (
          <div id={`${idPrefix}-solution-panel`}>
            <p className="field-hint" id={`${idPrefix}-solution-hint`}>
              Provide a model solution for this coding problem.
            </p>
            <div className="field">
              <label htmlFor={`${idPrefix}-solution-language`}>Solution language</label>
              <select
                id={`${idPrefix}-solution-language`}
                value={value.solutionLanguage}
                onChange={(e) => set({ solutionLanguage: e.target.value as TAnswerLanguage | '' })}
              >
                <option value="">Not set</option>
                {value.kind === 'sql' ? (
                  <option value={SQL_LANGUAGE}>SQL (SQLite)</option>
                ) : (
                  CODE_LANGUAGES.map((l) => (
                    <option key={l} value={l}>
                      {languageName(l)}
                    </option>
                  ))
                )}
              </select>
            </div>
            <textarea
              className="input mono"
              rows={8}
              aria-label="Solution"
              aria-describedby={`${idPrefix}-solution-hint`}
              value={value.solution}
              onChange={(e) => set({ solution: e.target.value })}
            />
            <SolutionCheckButton problemId={value.id} dirty={dirty} />
            <FillOutputsButton
              problemId={value.id}
              dirty={dirty}
              onFilled={(p) => set({ examples: p.examples, testCases: p.testCases })}
            />
          </div>
        )}
      </div>
      <div className="form-grid" hidden={value.kind === 'sql'}>
        <div className="field">
          <label htmlFor={`${idPrefix}-comparison`}>Output comparison</label>
          <select
            id={`${idPrefix}-comparison`}
            value={value.comparisonMode}
            aria-describedby={`${idPrefix}-comparison-hint`}
            onChange={(e) => set({ comparisonMode: e.target.value as TComparisonMode })}
          >
            {COMPARISON_MODES.map((m) => (
              <option key={m} value={m}>
                {COMPARISON_LABELS[m]}
              </option>
            ))}
          </select>
          <span className="field-hint" id={`${idPrefix}-comparison-hint`}>
            Candidates see:{' '}
            {describeComparison(value.comparisonMode, value.floatTolerance === '' ? null : value.floatTolerance)}
          </span>
        </div>
        {value.comparisonMode === 'float' && (
          <div className="field">
            <label htmlFor={`${idPrefix}-tolerance`}>Tolerance (absolute and relative)</label>
            <input
              id={`${idPrefix}-tolerance`}
              type="number"
              min={0}
              max={1}
              step="any"
              placeholder="1e-6"
              value={value.floatTolerance}
              onChange={(e) => set({ floatTolerance: e.target.value.trim() === '' ? '' : Number(e.target.value) })}
            />
          </div>
        )}
      </div>
      <div className="field">
        <button
          type="button"
          className="collapse-head"
          aria-expanded={showAdvanced}
          onClick={() => setShowAdvanced((s) => !s)}
        >
          <span>Limits and starter code (optional)</span>
          <span aria-hidden="true">{showAdvanced ? '▲' : '▼'}</span>
        </button>
        {showAdvanced && (
          <div style={{ marginTop: '0.75rem' }}>
            <div className="form-grid">
              <div className="field">
                <label htmlFor={`${idPrefix}-time`}>Time limit (ms)</label>
                <input
                  id={`${idPrefix}-time`}
                  type="number"
                  min={TIME_LIMIT_RANGE.min}
                  max={TIME_LIMIT_RANGE.max}
                  value={value.timeLimitMs}
                  onChange={(e) => set({ timeLimitMs: readInt(e.target.value) })}
                />
                <span className="field-hint">
                  {TIME_LIMIT_RANGE.min}–{TIME_LIMIT_RANGE.max} ms per test case
                </span>
              </div>
              <div className="field">
                <label htmlFor={`${idPrefix}-memory`}>Memory limit (MB)</label>
                <input
                  id={`${idPrefix}-memory`}
                  type="number"
                  min={MEMORY_LIMIT_RANGE.min}
                  max={MEMORY_LIMIT_RANGE.max}
                  value={value.memoryLimitMb}
                  onChange={(e) => set({ memoryLimitMb: readInt(e.target.value) })}
                />
                <span className="field-hint">
                  {MEMORY_LIMIT_RANGE.min}–{MEMORY_LIMIT_RANGE.max} MB
                </span>
              </div>
            </div>
            <p className="field-hint" hidden={value.kind === 'sql'}>
              Starter code per language; left empty, candidates get a template that reads stdin and writes stdout.
            </p>
            {(value.kind === 'sql' ? [] : CODE_LANGUAGES).map((lang) => (
              <div className="field" key={lang}>
                <label htmlFor={`${idPrefix}-starter-${lang}`}>Starter code: {languageName(lang)}</label>
                <textarea
                  id={`${idPrefix}-starter-${lang}`}
                  className="mono"
                  rows={4}
                  placeholder={DEFAULT_STARTER_CODE[lang]}
                  value={value.starterCode[lang] ?? ''}
                  onChange={(e) => set({ starterCode: { ...value.starterCode, [lang]: e.target.value } })}
                />
              </div>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
