/**
 * The results panel of the coding page: one card per case (verdict, time, the candidate's output with the
 * first difference from the expected output highlighted, stderr and the runtime or compiler message), and the
 * Custom input panel beside it. Pure components: they render what they are given, whatever fetched it.
 */
import type { TCandidateResult } from '@assessly/shared';
import { useId } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { describeDifference, firstDifference, splitAt } from './output-diff';
import { ResultsSideBySide, ResultTable } from './sql-tables';

export type RunState = 'run' | 'submit' | 'custom' | null;

/** The judge's verdicts in the candidate's language (the judge answers them in English). */
const VERDICTS = {
  Accepted: 'verdict.accepted',
  'Wrong Answer': 'verdict.wrongAnswer',
  'Time Limit Exceeded': 'verdict.timeLimit',
  'Memory Limit Exceeded': 'verdict.memoryLimit',
  'Output Limit Exceeded': 'verdict.outputLimit',
  'Runtime Error': 'verdict.runtimeError',
  'Compilation Error': 'verdict.compilationError',
} as const;

export function useVerdictText(): (verdict: string) => string {
  const { t } = useT();
  return (v) => (v in VERDICTS ? t(VERDICTS[v as keyof typeof VERDICTS]) : v);
}

function Verdict({ r, custom }: { r: TCandidateResult; custom?: boolean }) {
  const { t } = useT();
  const verdictText = useVerdictText();
  const verdictOf = (x: TCandidateResult) =>
    x.verdict ? verdictText(x.verdict) : t(x.passed ? 'verdict.accepted' : 'verdict.failed');
  // A custom run has nothing to compare: only a failure to run is a failure.
  const ok = custom ? !r.verdict || r.verdict === 'Accepted' || r.verdict === 'Wrong Answer' : r.passed;
  const text = custom ? (ok ? t('verdict.ran') : verdictOf(r)) : r.passed ? t('verdict.passed') : verdictOf(r);
  return (
    <span className={`badge ${ok ? 'badge-success' : 'badge-danger'}`} data-testid="verdict">
      {text}
    </span>
  );
}

function Time({ r }: { r: TCandidateResult }) {
  const { t } = useT();
  return typeof r.timeMs === 'number' ? <span className="result-time">{t('results.ms', { ms: r.timeMs })}</span> : null;
}

/** The candidate's output, the first differing token wrapped in <mark>. */
function OutputWithDiff({ expected, actual }: { expected: string; actual: string }) {
  const { t } = useT();
  const diff = firstDifference(expected, actual);
  if (!diff) return <pre className="taking-pre">{actual}</pre>;
  const [before, token, after] = splitAt(actual, diff.actual);
  return (
    <>
      <pre className="taking-pre">
        {before}
        {token ? <mark className="diff-mark">{token}</mark> : <mark className="diff-mark diff-missing">⏎</mark>}
        {after}
      </pre>
      <p className="diff-note">{describeDifference(diff, t)}</p>
    </>
  );
}

/**
 * `fn`: a function problem's case. Its output is the returned value, and what the candidate printed is only
 * "Debug output" (issue 25): shown, never compared.
 */
export function ResultCard({
  r,
  title,
  custom,
  sql,
  fn,
}: {
  r: TCandidateResult;
  title: string;
  custom?: boolean;
  /** An SQL problem (issue 25): results show as tables, the candidate's beside the expected one. */
  sql?: boolean;
  fn?: boolean;
}) {
  const { t } = useT();
  const headingId = useId();
  const compileError = r.verdict === 'Compilation Error';
  const output = r.output ?? r.actualOutput ?? '';
  const showDiff = !custom && !compileError && !r.passed && typeof r.expectedOutput === 'string';
  return (
    <article
      className={`result-card ${custom ? 'result-custom' : r.passed ? 'result-pass' : 'result-fail'}`}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>
        {title} <Verdict r={r} custom={custom} /> <Time r={r} />
      </h3>
      {r.hidden ? (
        <p className="muted">{t('results.hidden')}</p>
      ) : (
        <dl>
          <dt>{t('results.input')}</dt>
          <dd>
            <pre className="taking-pre">{r.input ?? ''}</pre>
          </dd>
          {sql && !compileError && (
            <>
              <dt>{t('results.result')}</dt>
              <dd>
                {!custom && typeof r.expectedOutput === 'string' ? (
                  <ResultsSideBySide expected={r.expectedOutput} actual={output} />
                ) : (
                  <ResultTable caption={t('results.yourResult')} text={output} />
                )}
              </dd>
            </>
          )}
          {!sql && !custom && typeof r.expectedOutput === 'string' && (
            <>
              <dt>{t('results.expected')}</dt>
              <dd>
                <pre className="taking-pre">{r.expectedOutput}</pre>
              </dd>
            </>
          )}
          {compileError ? (
            <>
              <dt>{t('results.compiler')}</dt>
              <dd>
                <pre className="taking-pre taking-pre-error">{r.message || output}</pre>
              </dd>
            </>
          ) : (
            <>
              <dt>{t(sql ? 'results.asText' : fn ? 'results.returned' : 'results.yourOutput')}</dt>
              <dd>
                {showDiff ? (
                  <OutputWithDiff expected={r.expectedOutput ?? ''} actual={output} />
                ) : (
                  <pre className="taking-pre">{output}</pre>
                )}
              </dd>
              {r.stderr ? (
                <>
                  <dt>{t(fn ? 'results.debug' : 'results.stderr')}</dt>
                  <dd>
                    <pre className="taking-pre taking-pre-error">{r.stderr}</pre>
                  </dd>
                </>
              ) : null}
              {r.message && !r.passed && (
                <>
                  <dt>{t(r.verdict === 'Runtime Error' ? 'results.runtimeError' : 'results.details')}</dt>
                  <dd>
                    <pre className="taking-pre">{r.message}</pre>
                  </dd>
                </>
              )}
            </>
          )}
        </dl>
      )}
    </article>
  );
}

export function ResultsList({ results, sql, fn }: { results: TCandidateResult[]; sql?: boolean; fn?: boolean }) {
  const { t } = useT();
  const passed = results.filter((r) => r.passed).length;
  return (
    <>
      <p className="results-summary">{t('results.summary', { passed, total: results.length })}</p>
      <div className="result-cards" data-testid="results">
        {results.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: results are in case order and replaced as a whole
          <ResultCard key={i} r={r} title={t('results.case', { n: i + 1 })} sql={sql} fn={fn} />
        ))}
      </div>
    </>
  );
}

export function ResultsPanel(props: {
  results: TCandidateResult[] | null;
  /** An SQL problem: results as tables. */
  sql?: boolean;
  busy: RunState;
  error: string;
  /** A line above the cards, e.g. "Submitted! Passed 3 / 4 test cases." */
  note?: string;
  custom: React.ReactNode;
  /** A function problem: the labels say "Returned value" and "Debug output". */
  fn?: boolean;
  /** The sentence the live region speaks when a Run or Submit starts or ends. */
  announcement?: string;
}) {
  const { t } = useT();
  const { results, busy, error } = props;
  return (
    <div className="taking-results">
      {/* Always mounted, so a screen reader hears each change; the visible panel is not a live region. */}
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="run-announcer">
        {props.announcement ?? ''}
      </p>
      <section className="results-main" aria-labelledby="results-title">
        <h2 id="results-title" className="taking-h2">
          {t('results.title')}
        </h2>
        {busy === 'run' || busy === 'submit' ? (
          <p className="muted">{busy === 'run' ? t('results.running') : props.note || t('results.submitting')}</p>
        ) : error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : !results ? (
          <p className="muted">{t('results.empty')}</p>
        ) : results.length === 0 ? (
          <p className="muted">{t('results.none')}</p>
        ) : (
          <>
            {props.note && <p className="alert alert-success results-note">{props.note}</p>}
            <ResultsList results={results} sql={props.sql} fn={props.fn} />
          </>
        )}
      </section>
      {props.custom}
    </div>
  );
}

/** The candidate's own stdin, run against their code; the output (no comparison) is shown below. */
export function CustomInputPanel(props: {
  value: string;
  onChange: (v: string) => void;
  onRun: () => void;
  disabled: boolean;
  busy: boolean;
  result: TCandidateResult | null;
  error: string;
  fn?: boolean;
}) {
  const { t } = useT();
  return (
    <section className="custom-input" aria-labelledby="custom-title">
      <h2 id="custom-title" className="taking-h2">
        {t('custom.title')}
      </h2>
      <label htmlFor="custom-stdin" className="sr-only">
        {t(props.fn ? 'custom.labelFn' : 'custom.label')}
      </label>
      <textarea
        id="custom-stdin"
        className="input custom-stdin"
        rows={4}
        spellCheck={false}
        placeholder={t(props.fn ? 'custom.placeholderFn' : 'custom.placeholder')}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <button type="button" className="btn btn-outline btn-sm" onClick={props.onRun} disabled={props.disabled}>
        {props.busy ? t('custom.running') : t('custom.run')}
      </button>
      {props.error && (
        <p className="alert alert-error" role="alert">
          {props.error}
        </p>
      )}
      {props.result && <ResultCard r={props.result} title={t('custom.title')} custom fn={props.fn} />}
    </section>
  );
}
