/** Pieces of the coding page: the top bar, settings (with the keyboard shortcuts), the problem and submissions tabs. */
import {
  CODE_LANGUAGES,
  DEFAULT_FLOAT_TOLERANCE,
  describeComparison,
  LANGUAGE_META,
  languageName,
  type TCandidateProblem,
  type TCandidateSubmission,
} from '@assessly/shared';
import { useRef, useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { LanguageSwitcher } from '../../i18n/language-switcher';
import type { MessageId } from '../../i18n/messages.en';
import type { EditorSettings } from './code-editor';
import { TAB_FOCUS_KEY } from './editor-keys';
import { ProblemStatement } from './safe-html';
import { SubmissionDetails } from './screens';
import { DataTables, ResultTable, SchemaTables } from './sql-tables';
import { formatHmsIn } from './time';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = MAC ? 'Cmd' : 'Ctrl';

/** The keyboard shortcuts of the coding page, listed in Settings. */
export const SHORTCUTS: [string, MessageId][] = [
  [`${MOD}+Enter`, 'shortcut.run'],
  [`${MOD}+Shift+Enter`, 'shortcut.submit'],
  ['Escape, then Tab', 'shortcut.leave'],
  [TAB_FOCUS_KEY, 'shortcut.tabFocus'],
];

export function Countdown({ left }: { left: number | null }) {
  const { t, locale } = useT();
  if (left === null) return null;
  const over = left <= 0;
  return (
    <span
      className={`countdown${over ? ' countdown-over' : left < 5 * 60_000 ? ' countdown-low' : ''}`}
      role="timer"
      aria-label={t('timer.label')}
    >
      {over ? t('timer.up') : formatHmsIn(left, locale)}
    </span>
  );
}

export function TopBar(props: {
  problems: TCandidateProblem[];
  index: number;
  onIndex: (i: number) => void;
  left: number | null;
  dark: boolean;
  onToggleTheme: () => void;
  ended: boolean;
  onEnd: () => void;
  settings: EditorSettings;
  onSettings: (s: EditorSettings) => void;
  /** A coding test's written questions (issue 25): how many, and whether their panel is open. */
  written?: { count: number; open: boolean; onToggle: () => void };
}) {
  const { t, num } = useT();
  const [open, setOpen] = useState(false);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const { problems, index } = props;
  return (
    <header className="taking-topbar">
      <label className="sr-only" htmlFor="problem-select">
        {t('top.problems')}
      </label>
      <select
        id="problem-select"
        className="input taking-select"
        value={index}
        onChange={(e) => props.onIndex(Number(e.target.value))}
      >
        {problems.map((p, i) => (
          <option key={p.id} value={i}>
            {num(i + 1)}. {p.title} ({t('top.marks', { n: p.marks })})
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={index === 0}
        onClick={() => props.onIndex(index - 1)}
      >
        {t('top.previous')}
      </button>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={index >= problems.length - 1}
        onClick={() => props.onIndex(index + 1)}
      >
        {t('top.next')}
      </button>
      {props.written && props.written.count > 0 && (
        <button
          type="button"
          className={`btn btn-sm ${props.written.open ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={props.written.open}
          onClick={props.written.onToggle}
        >
          {t('top.written', { n: props.written.count })}
        </button>
      )}
      <span className="taking-spacer" />
      <Countdown left={props.left} />
      {/* The label names the action (the mode it switches to), so no aria-pressed: that would read backwards. */}
      <button type="button" className="btn btn-outline btn-sm" onClick={props.onToggleTheme}>
        {props.dark ? t('top.light') : t('top.dark')}
      </button>
      <button type="button" className="btn btn-danger btn-sm" onClick={props.onEnd} disabled={props.ended}>
        {t('top.end')}
      </button>
      <LanguageSwitcher className="taking-language" />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the popover closes it and returns focus */}
      <div
        className="taking-settings"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            setOpen(false);
            settingsButton.current?.focus();
          }
        }}
      >
        <button
          ref={settingsButton}
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={open}
          aria-controls="editor-settings"
          onClick={() => setOpen((o) => !o)}
        >
          {t('top.settings')}
        </button>
        {open && <SettingsPanel settings={props.settings} onChange={props.onSettings} />}
      </div>
    </header>
  );
}

function SettingsPanel({ settings, onChange }: { settings: EditorSettings; onChange: (s: EditorSettings) => void }) {
  const { t } = useT();
  return (
    <fieldset id="editor-settings" className="taking-popover card">
      <legend className="sr-only">{t('settings.legend')}</legend>
      <div className="field">
        <label htmlFor="font-size">{t('settings.fontSize')}</label>
        <select
          id="font-size"
          className="input"
          value={settings.fontSize}
          onChange={(e) => onChange({ ...settings, fontSize: Number(e.target.value) })}
        >
          {[12, 13, 14, 15, 16, 18, 20, 22].map((n) => (
            <option key={n} value={n}>
              {n}px
            </option>
          ))}
        </select>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.wordWrap}
          onChange={(e) => onChange({ ...settings, wordWrap: e.target.checked })}
        />{' '}
        {t('settings.wordWrap')}
      </label>
      <h3 className="shortcuts-title">{t('settings.shortcuts')}</h3>
      <dl className="shortcuts">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>
    </fieldset>
  );
}

/** The language picker: the test's languages (all by default); a slow compiler is named in its option. */
export function LanguageSelect({
  value,
  disabled,
  onChange,
  languages = CODE_LANGUAGES,
}: {
  value: string;
  disabled: boolean;
  onChange: (l: (typeof CODE_LANGUAGES)[number]) => void;
  languages?: readonly (typeof CODE_LANGUAGES)[number][];
}) {
  const { t } = useT();
  return (
    <>
      <label className="sr-only" htmlFor="language-select">
        {t('code.languageLabel')}
      </label>
      <select
        id="language-select"
        className="input taking-select"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as (typeof CODE_LANGUAGES)[number])}
      >
        {languages.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_META[l].slowCompile
              ? t('code.slowCompile', { language: LANGUAGE_META[l].label })
              : LANGUAGE_META[l].label}
          </option>
        ))}
      </select>
    </>
  );
}

export function ProblemTabs({
  problem,
  index,
  submissions,
}: {
  problem: TCandidateProblem;
  index: number;
  submissions: TCandidateSubmission[] | undefined;
}) {
  const { t, num, locale } = useT();
  const [tab, setTab] = useState<'problem' | 'submissions'>('problem');
  const mine = (submissions ?? []).filter((s) => s.questionId === problem.id);
  return (
    <section className="taking-left">
      <div role="tablist" className="taking-tabs" aria-label={t('tabs.label')}>
        <button
          type="button"
          role="tab"
          id="tab-problem"
          aria-selected={tab === 'problem'}
          aria-controls="panel-problem"
          onClick={() => setTab('problem')}
        >
          {t('tabs.problem')}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-submissions"
          aria-selected={tab === 'submissions'}
          aria-controls="panel-submissions"
          onClick={() => setTab('submissions')}
        >
          {t('tabs.submissions')}
        </button>
      </div>
      {tab === 'problem' ? (
        <div
          role="tabpanel"
          id="panel-problem"
          aria-labelledby="tab-problem"
          className="taking-tabpanel"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel that scrolls (an SQL problem's tables) is reached by Tab (WAI-ARIA tabs pattern)
          tabIndex={0}
        >
          <h1 className="problem-title">
            {num(index + 1)}. {problem.title}
          </h1>
          <p className="badge">{t('top.marks', { n: problem.marks })}</p>
          <ProblemStatement text={problem.description} className="problem-description" />
          {problem.kind === 'sql' && problem.sql ? (
            <SqlProblemParts problem={problem} schema={problem.sql.schema} />
          ) : (
            problem.examples.length > 0 && (
              <>
                <h2 className="taking-h2">{t('problem.examples')}</h2>
                {problem.examples.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the server
                  <div key={i} className="example">
                    <p className="muted">{t('problem.example', { n: i + 1 })}</p>
                    <p>{t('cases.input')}</p>
                    <pre className="taking-pre">{e.input}</pre>
                    <p>{t('cases.output')}</p>
                    <pre className="taking-pre">{e.output}</pre>
                  </div>
                ))}
              </>
            )
          )}
          {problem.constraints.length > 0 && (
            <>
              <h2 className="taking-h2">{t('problem.constraints')}</h2>
              <ul>
                {problem.constraints.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the server
                  <li key={i}>
                    <code>{c}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
          <h2 className="taking-h2">{t('problem.judging')}</h2>
          <p className="muted" data-testid="comparison-rule">
            <JudgingRule problem={problem} />
          </p>
        </div>
      ) : (
        <div role="tabpanel" id="panel-submissions" aria-labelledby="tab-submissions" className="taking-tabpanel">
          {mine.length === 0 ? (
            <p className="muted">{t('tabs.noSubmissions')}</p>
          ) : (
            <ol className="submission-list">
              {mine.map((s, i) => (
                <li key={s.id} className="submission-item">
                  <SubmissionDetails
                    s={s}
                    summary={
                      <>
                        #{num(i + 1)} · {new Date(s.createdAt).toLocaleTimeString(locale)} · {languageName(s.language)}{' '}
                        · {s.status === 'judged' ? `${num(s.passedCount)}/${num(s.totalCount)}` : t('tabs.judging')}
                      </>
                    }
                  />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}

/** An SQL problem's tables and examples (issue 25): the schema, each example's data and its result as tables. */
function SqlProblemParts({ problem, schema }: { problem: TCandidateProblem; schema: string }) {
  const { t } = useT();
  return (
    <>
      <h2 className="taking-h2">{t('problem.tables')}</h2>
      <SchemaTables schema={schema} />
      {problem.examples.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the server
        <div key={i} className="example">
          <h2 className="taking-h2">{t('problem.example', { n: i + 1 })}</h2>
          <p>{t('cases.data')}</p>
          <DataTables data={e.input} schema={schema} />
          <p>{t('problem.expectedResult')}</p>
          <ResultTable caption={t('problem.exampleResult', { n: i + 1 })} text={e.output} />
        </div>
      ))}
    </>
  );
}

/**
 * How the problem is judged, in the candidate's language (issue 46). English keeps the shared wording
 * (describeComparison, which the spec and the employer's preview use).
 */
function JudgingRule({ problem }: { problem: TCandidateProblem }) {
  const { t, locale, num } = useT();
  if (problem.kind === 'sql') return <>{t(problem.orderMatters ? 'judge.sqlOrdered' : 'judge.sqlAnyOrder')}</>;
  const tolerance = problem.floatTolerance ?? DEFAULT_FLOAT_TOLERANCE;
  if (problem.kind === 'function')
    return (
      <>
        {t(problem.unorderedResult ? 'judge.functionUnordered' : 'judge.function', {
          tolerance: locale === 'en' ? String(tolerance) : num(tolerance, { maximumSignificantDigits: 6 }),
        })}
      </>
    );
  const mode = problem.comparisonMode ?? 'token';
  if (locale === 'en') return <>{describeComparison(mode, problem.floatTolerance)}</>;
  const floatT =
    problem.floatTolerance && problem.floatTolerance > 0 ? problem.floatTolerance : DEFAULT_FLOAT_TOLERANCE;
  const id: MessageId =
    mode === 'case-insensitive'
      ? 'judge.caseInsensitive'
      : mode === 'exact'
        ? 'judge.exact'
        : mode === 'float'
          ? 'judge.float'
          : 'judge.token';
  return <>{t(id, { tolerance: num(floatT, { maximumSignificantDigits: 6 }) })}</>;
}
