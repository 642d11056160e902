/** Pieces of the coding page: the top bar, settings (with the keyboard shortcuts), the problem and submissions tabs. */
import {
  CODE_LANGUAGES,
  describeComparison,
  LANGUAGE_META,
  languageName,
  type TCandidateProblem,
  type TCandidateSubmission,
} from '@assessly/shared';
import { useRef, useState } from 'react';
import type { EditorSettings } from './code-editor';
import { TAB_FOCUS_KEY } from './editor-keys';
import { SafeHtml } from './safe-html';
import { SubmissionDetails } from './screens';
import { DataTables, ResultTable, SchemaTables } from './sql-tables';
import { formatHms } from './time';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = MAC ? 'Cmd' : 'Ctrl';

/** The keyboard shortcuts of the coding page, listed in Settings. */
export const SHORTCUTS: [string, string][] = [
  [`${MOD}+Enter`, 'Run against the examples (in Custom input: run with it)'],
  [`${MOD}+Shift+Enter`, 'Submit'],
  ['Escape, then Tab', 'Leave the code editor (Shift+Tab: go back)'],
  [TAB_FOCUS_KEY, 'Switch Tab between indenting and moving focus'],
];

export function Countdown({ left }: { left: number | null }) {
  if (left === null) return null;
  const over = left <= 0;
  return (
    <span
      className={`countdown${over ? ' countdown-over' : left < 5 * 60_000 ? ' countdown-low' : ''}`}
      role="timer"
      aria-label="Time left"
    >
      {over ? "Time's Up!" : formatHms(left)}
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
  const [open, setOpen] = useState(false);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const { problems, index } = props;
  return (
    <header className="taking-topbar">
      <label className="sr-only" htmlFor="problem-select">
        Problems
      </label>
      <select
        id="problem-select"
        className="input taking-select"
        value={index}
        onChange={(e) => props.onIndex(Number(e.target.value))}
      >
        {problems.map((p, i) => (
          <option key={p.id} value={i}>
            {i + 1}. {p.title} ({p.marks} marks)
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={index === 0}
        onClick={() => props.onIndex(index - 1)}
      >
        Previous
      </button>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={index >= problems.length - 1}
        onClick={() => props.onIndex(index + 1)}
      >
        Next
      </button>
      {props.written && props.written.count > 0 && (
        <button
          type="button"
          className={`btn btn-sm ${props.written.open ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={props.written.open}
          onClick={props.written.onToggle}
        >
          Written questions ({props.written.count})
        </button>
      )}
      <span className="taking-spacer" />
      <Countdown left={props.left} />
      {/* The label names the action (the mode it switches to), so no aria-pressed: that would read backwards. */}
      <button type="button" className="btn btn-outline btn-sm" onClick={props.onToggleTheme}>
        {props.dark ? 'Light mode' : 'Dark mode'}
      </button>
      <button type="button" className="btn btn-danger btn-sm" onClick={props.onEnd} disabled={props.ended}>
        End Test
      </button>
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
          Settings
        </button>
        {open && <SettingsPanel settings={props.settings} onChange={props.onSettings} />}
      </div>
    </header>
  );
}

function SettingsPanel({ settings, onChange }: { settings: EditorSettings; onChange: (s: EditorSettings) => void }) {
  return (
    <fieldset id="editor-settings" className="taking-popover card">
      <legend className="sr-only">Editor settings</legend>
      <div className="field">
        <label htmlFor="font-size">Font size</label>
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
        Word wrap
      </label>
      <h3 className="shortcuts-title">Keyboard shortcuts</h3>
      <dl className="shortcuts">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
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
  return (
    <>
      <label className="sr-only" htmlFor="language-select">
        Language
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
            {LANGUAGE_META[l].slowCompile ? `${LANGUAGE_META[l].label} (slow to compile)` : LANGUAGE_META[l].label}
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
  const [tab, setTab] = useState<'problem' | 'submissions'>('problem');
  const mine = (submissions ?? []).filter((s) => s.questionId === problem.id);
  return (
    <section className="taking-left">
      <div role="tablist" className="taking-tabs" aria-label="Problem panel">
        <button
          type="button"
          role="tab"
          id="tab-problem"
          aria-selected={tab === 'problem'}
          aria-controls="panel-problem"
          onClick={() => setTab('problem')}
        >
          Problem
        </button>
        <button
          type="button"
          role="tab"
          id="tab-submissions"
          aria-selected={tab === 'submissions'}
          aria-controls="panel-submissions"
          onClick={() => setTab('submissions')}
        >
          Submissions
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
            {index + 1}. {problem.title}
          </h1>
          <p className="badge">{problem.marks} marks</p>
          <SafeHtml html={problem.description} className="problem-description" />
          {problem.kind === 'sql' && problem.sql ? (
            <SqlProblemParts problem={problem} schema={problem.sql.schema} />
          ) : (
            problem.examples.length > 0 && (
              <>
                <h2 className="taking-h2">Examples</h2>
                {problem.examples.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the server
                  <div key={i} className="example">
                    <p className="muted">Example {i + 1}</p>
                    <p>Input:</p>
                    <pre className="taking-pre">{e.input}</pre>
                    <p>Output:</p>
                    <pre className="taking-pre">{e.output}</pre>
                  </div>
                ))}
              </>
            )
          )}
          {problem.constraints.length > 0 && (
            <>
              <h2 className="taking-h2">Constraints</h2>
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
          <h2 className="taking-h2">Judging</h2>
          <p className="muted" data-testid="comparison-rule">
            {problem.kind === 'sql'
              ? `Your query runs on a fresh SQLite database for every case; its result is compared value by value${problem.orderMatters ? ', rows in the order asked' : ', rows in any order'}.`
              : describeComparison(problem.comparisonMode ?? 'token', problem.floatTolerance)}
          </p>
        </div>
      ) : (
        <div role="tabpanel" id="panel-submissions" aria-labelledby="tab-submissions" className="taking-tabpanel">
          {mine.length === 0 ? (
            <p className="muted">No submissions yet</p>
          ) : (
            <ol className="submission-list">
              {mine.map((s, i) => (
                <li key={s.id} className="submission-item">
                  <SubmissionDetails
                    s={s}
                    summary={
                      <>
                        #{i + 1} · {new Date(s.createdAt).toLocaleTimeString()} · {languageName(s.language)} ·{' '}
                        {s.status === 'judged' ? `${s.passedCount}/${s.totalCount}` : 'judging…'}
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
  return (
    <>
      <h2 className="taking-h2">Tables</h2>
      <SchemaTables schema={schema} />
      {problem.examples.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the server
        <div key={i} className="example">
          <h2 className="taking-h2">Example {i + 1}</h2>
          <p>Data:</p>
          <DataTables data={e.input} schema={schema} />
          <p>Expected result:</p>
          <ResultTable caption={`Example ${i + 1} result`} text={e.output} />
        </div>
      ))}
    </>
  );
}
