/**
 * /code/{testId}: the candidate coding environment (spec part 2 §2.1, §4, §9). The attempt, its deadline
 * and the saved drafts come from the server; Monaco is loaded lazily after this shell renders. Only one tab
 * works on an attempt at a time (one-tab.tsx); drafts carry revisions, so a stale tab never overwrites code.
 */
import type { TCandidateProblem, TCandidateResult, TCandidateSubmission, TCodeLanguage } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useParams } from 'react-router-dom';
import { api } from '../../lib/api';
import { RequireUser } from '../auth/guards';
import { ProctoringWrapper } from '../proctoring/proctoring-wrapper';
import type { EditorSettings } from './code-editor';
import { LanguageSelect, ProblemTabs, TopBar } from './coding-parts';
import { DraftQueue, draftKey } from './draft-queue';
import { EndDialog } from './end-dialog';
import { OtherTabScreen, useAttemptTab } from './one-tab';
import { CustomInputPanel, ResultsPanel, type RunState } from './result-cards';
import { SaveIndicator, type SaveQueue, useSaveSnapshot } from './save-queue';
import { NoProblemsScreen } from './screens';
import { starterFor } from './starter-code';
import { SubmittedScreen } from './submitted-screen';
import { runCode, submissionsKey, submitCode, useOwnSubmissions } from './take-api';
import { type OpenTake, TakeGate } from './take-gate';
import { useSavedIndex, useTakeSession } from './use-take-session';
import './taking.css';

const CodeEditor = lazy(() => import('./code-editor').then((m) => ({ default: m.CodeEditor })));

const SETTINGS_KEY = 'assessly.editorSettings';
const THEME_KEY = 'assessly.takingTheme';
const DEFAULT_SETTINGS: EditorSettings = { fontSize: 14, wordWrap: true, minimap: false };

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? { ...fallback, ...JSON.parse(raw) } : fallback;
  } catch {
    return fallback;
  }
}

/** The route: signed-in users only (a visitor goes to /login and comes back). */
export function CodingTestRoute() {
  return (
    <RequireUser>
      <CodingTestPage />
    </RequireUser>
  );
}

export function CodingTestPage() {
  const { testId = '' } = useParams();
  return (
    <TakeGate testId={testId} type="CODING">
      {(t) => <OneTabCoding testId={testId} {...t} />}
    </TakeGate>
  );
}

/** Holds the attempt for this tab, and reloads the server's drafts when they moved on elsewhere. */
function OneTabCoding(props: OpenTake & { testId: string }) {
  const [notice, setNotice] = useState('');
  const { state, takeOver, generation, flushRef, reload } = useAttemptTab(props.testId, props.take.attempt.id);
  const ended = props.take.window.state === 'ended';
  const onStale = useCallback(() => {
    setNotice('A newer version of your code was saved from another tab or device; it has been loaded here.');
    void reload();
  }, [reload]);
  if (state !== 'active' && !ended) return <OtherTabScreen busy={state === 'taking-over'} onUse={takeOver} />;
  return (
    <CodingEnvironment
      key={`${props.take.attempt.id}:${generation}`}
      {...props}
      flushRef={flushRef}
      onStale={onStale}
      notice={notice}
      onDismissNotice={() => setNotice('')}
    />
  );
}

/** What End Test sent: the submissions that appeared with the end, named per problem. */
function describeEnd(
  reason: 'manual' | 'timeout',
  before: Set<string>,
  after: TCandidateSubmission[],
  problems: TCandidateProblem[],
  savedEverything: boolean,
): string {
  const sent = after.filter((s) => !before.has(s.id));
  const head = reason === 'manual' ? 'Test ended.' : "Time's up: the test has ended.";
  const unsaved = savedEverything ? '' : ' Some of your latest changes could not reach the server.';
  if (sent.length === 0) {
    return `${head} Nothing new was sent: your latest code of every problem was already submitted, or you had not written any code.${unsaved}`;
  }
  const names = sent.map((s) => {
    const i = problems.findIndex((p) => p.id === s.questionId);
    return `Problem ${i + 1}${problems[i] ? ` (${problems[i].title})` : ''} in ${s.language}`;
  });
  return `${head} Your current code was submitted for: ${names.join(', ')}.${unsaved}`;
}

function CodingEnvironment({
  testId,
  take,
  offsetMs,
  setTake,
  flushRef,
  onStale,
  notice,
  onDismissNotice,
}: OpenTake & {
  testId: string;
  flushRef: RefObject<() => Promise<unknown>>;
  onStale: () => void;
  notice: string;
  onDismissNotice: () => void;
}) {
  const qc = useQueryClient();
  const attempt = take.attempt;
  const problems = take.problems;
  const [viewCode, setViewCode] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const narrow = useNarrowScreen();
  const [dark, setDark] = useState(() => localStorage.getItem(THEME_KEY) !== 'light');
  const [settings, setSettings] = useState<EditorSettings>(() => readJson(SETTINGS_KEY, DEFAULT_SETTINGS));
  const [index, setIndex] = useSavedIndex(attempt.id, problems.length);
  const [results, setResults] = useState<TCandidateResult[] | null>(null);
  const [busy, setBusy] = useState<RunState>(null);
  const [runError, setRunError] = useState('');
  const [runNote, setRunNote] = useState('');
  const [stdin, setStdin] = useState('');
  const [custom, setCustom] = useState<TCandidateResult | null>(null);
  const [customError, setCustomError] = useState('');
  const [endMessage, setEndMessage] = useState('');
  const submissions = useOwnSubmissions(testId, true);

  // Drafts: server copy overlaid with anything unsent in localStorage.
  // One queue per mounted attempt: a reload of the drafts remounts this component with a new one.
  const staleRef = useRef(onStale);
  staleRef.current = onStale;
  const [queue] = useState(() => new DraftQueue(testId, attempt.id, take.drafts, () => staleRef.current()));
  flushRef.current = () => queue.flush();
  const save = useSaveSnapshot(queue as unknown as SaveQueue<unknown>);
  const codes = useRef<Map<string, string> | null>(null);
  if (!codes.current) {
    codes.current = new Map(take.drafts.map((d) => [draftKey(d.questionId, d.language), d.code]));
    for (const [k, d] of queue.unsent()) codes.current.set(k, d.code);
  }
  const langKey = `assessly.take.${attempt.id}.languages`;
  const [languages, setLanguages] = useState<Record<string, TCodeLanguage>>(() => ({
    ...take.languages,
    ...readJson(langKey, {}),
  }));
  useEffect(() => queue.watchOnline(), [queue]);
  useEffect(() => localStorage.setItem(langKey, JSON.stringify(languages)), [langKey, languages]);
  useEffect(() => localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)), [settings]);
  useEffect(() => localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light'), [dark]);

  const problem: TCandidateProblem | undefined = problems[index];
  const language: TCodeLanguage = (problem && languages[problem.id]) || 'javascript';
  const currentCode = () =>
    problem ? (codes.current!.get(draftKey(problem.id, language)) ?? starterFor(problem.starterCode, language)) : '';

  // The clock and End Test. End Test says what it sent: the submissions list before and after the end.
  const before = useRef<Set<string>>(new Set());
  const onEnded = useCallback(
    async (reason: 'manual' | 'timeout') => {
      const savedEverything = !queue.hasPending();
      const after = await qc.fetchQuery({
        queryKey: submissionsKey(testId),
        queryFn: () => api<TCandidateSubmission[]>(`/api/attempts/${testId}/submissions`),
      });
      setEndMessage(describeEnd(reason, before.current, after, problems, savedEverything));
    },
    [qc, testId, problems, queue],
  );
  const { ended, left, locked, finish } = useTakeSession({
    testId,
    take,
    offsetMs,
    setTake,
    queue: {
      flush: async () => {
        before.current = new Set((submissions.data ?? []).map((s) => s.id));
        // Ids as the server has them right now (the cached list may miss a submit still in flight).
        try {
          const now = await api<TCandidateSubmission[]>(`/api/attempts/${testId}/submissions`);
          before.current = new Set(now.map((s) => s.id));
        } catch {
          // Offline: the cached list is the best we know.
        }
        return queue.flush();
      },
    },
    onEnded: (reason) => void onEnded(reason),
  });

  const payload = () => ({ testId, questionNumber: index, language, code: currentCode() });
  const run = async () => {
    setBusy('run');
    setRunError('');
    setRunNote('');
    void queue.flush();
    try {
      setResults(await runCode(payload()));
    } catch (err) {
      setRunError(err instanceof Error ? `Failed to run code: ${err.message}` : 'Failed to run code');
      setResults(null);
    } finally {
      setBusy(null);
    }
  };
  const submit = async () => {
    setBusy('submit');
    setRunError('');
    setRunNote('');
    void queue.flush();
    try {
      const res = await submitCode(payload());
      setResults(res);
      setRunNote(`Submitted! Passed ${res.filter((r) => r.passed).length} / ${res.length} test cases.`);
      void qc.invalidateQueries({ queryKey: submissionsKey(testId) });
    } catch (err) {
      setRunError(err instanceof Error ? `Failed to submit code: ${err.message}` : 'Failed to submit code');
    } finally {
      setBusy(null);
    }
  };
  const runCustom = async () => {
    setBusy('custom');
    setCustomError('');
    void queue.flush();
    try {
      const [r] = await runCode({ ...payload(), stdin });
      setCustom(r ?? null);
    } catch (err) {
      setCustomError(err instanceof Error ? `Failed to run code: ${err.message}` : 'Failed to run code');
      setCustom(null);
    } finally {
      setBusy(null);
    }
  };

  // Ctrl/Cmd+Enter runs, Ctrl/Cmd+Shift+Enter submits — also inside the editor (captured before Monaco).
  const actions = useRef({ run, submit, enabled: false });
  actions.current = { run, submit, enabled: !locked && busy === null && !ended };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      e.preventDefault();
      e.stopPropagation();
      if (!actions.current.enabled) return;
      void (e.shiftKey ? actions.current.submit() : actions.current.run());
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  if (problems.length === 0) return <NoProblemsScreen />;
  if (ended && !viewCode) {
    return (
      <SubmittedScreen
        take={take}
        submissions={submissions.data}
        loading={submissions.isPending}
        endMessage={endMessage}
        onViewCode={() => setViewCode(true)}
      />
    );
  }
  if (!problem) return <NoProblemsScreen />;

  const onChange = (code: string) => {
    if (locked) return;
    const key = draftKey(problem.id, language);
    if (codes.current!.get(key) === code) return;
    codes.current!.set(key, code);
    queue.save({ questionId: problem.id, language, code });
  };

  const switchProblem = (i: number) => {
    setIndex(i);
    setResults(null); // spec §4: switching problem clears the results panel
    setRunError('');
    setRunNote('');
    setCustom(null);
  };

  return (
    <ProctoringWrapper testId={testId} attemptId={attempt.id}>
      <div className="taking" data-theme={dark ? 'dark' : 'light'}>
        <TopBar
          problems={problems}
          index={index}
          onIndex={switchProblem}
          left={ended ? 0 : left}
          dark={dark}
          onToggleTheme={() => setDark((d) => !d)}
          ended={locked}
          onEnd={() => setConfirmEnd(true)}
          settings={settings}
          onSettings={setSettings}
        />
        {ended && (
          <p className="alert alert-info taking-banner">
            This test has ended; your code is read-only.{' '}
            <button type="button" className="btn btn-link" onClick={() => setViewCode(false)}>
              Back to the summary
            </button>
          </p>
        )}
        {notice && (
          <p className="alert alert-warning taking-banner" role="status">
            {notice}{' '}
            <button type="button" className="btn btn-link" onClick={onDismissNotice}>
              Dismiss
            </button>
          </p>
        )}
        {/* A phone cannot fit 250 px + 400 px side by side: the problem goes above the editor there. */}
        <Group
          key={narrow ? 'stacked' : 'side'}
          orientation={narrow ? 'vertical' : 'horizontal'}
          className="taking-panels"
        >
          <Panel defaultSize={narrow ? '35%' : '45%'} minSize={narrow ? 120 : 250}>
            <ProblemTabs problem={problem} index={index} submissions={submissions.data} />
          </Panel>
          <Separator className={`resize-handle ${narrow ? 'resize-handle-h' : 'resize-handle-v'}`} />
          <Panel minSize={narrow ? 300 : 400}>
            <Group orientation="vertical">
              <Panel defaultSize="62%" minSize={160}>
                <div className="editor-area">
                  <div className="editor-toolbar">
                    <LanguageSelect
                      value={language}
                      disabled={locked}
                      onChange={(l) => {
                        setLanguages((m) => ({ ...m, [problem.id]: l }));
                        setResults(null);
                      }}
                    />
                    <span className="taking-spacer" />
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      onClick={run}
                      disabled={locked || busy !== null}
                      aria-keyshortcuts="Control+Enter Meta+Enter"
                      title="Run (Ctrl/Cmd+Enter)"
                    >
                      Run
                    </button>
                    <button
                      type="button"
                      className="btn btn-success btn-sm"
                      onClick={submit}
                      disabled={locked || busy !== null}
                      aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter"
                      title="Submit (Ctrl/Cmd+Shift+Enter)"
                    >
                      Submit
                    </button>
                  </div>
                  <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
                    <CodeEditor
                      modelKey={`${attempt.id}/${draftKey(problem.id, language)}`}
                      language={language}
                      initialValue={currentCode()}
                      readOnly={locked}
                      dark={dark}
                      settings={settings}
                      onChange={onChange}
                    />
                  </Suspense>
                </div>
              </Panel>
              <Separator className="resize-handle resize-handle-h" />
              <Panel defaultSize="38%" minSize={80}>
                <ResultsPanel
                  results={results}
                  busy={busy}
                  error={runError}
                  note={runNote}
                  custom={
                    <CustomInputPanel
                      value={stdin}
                      onChange={setStdin}
                      onRun={runCustom}
                      disabled={locked || busy !== null}
                      busy={busy === 'custom'}
                      result={custom}
                      error={customError}
                    />
                  }
                />
              </Panel>
            </Group>
          </Panel>
        </Group>
        <footer className="taking-statusbar">
          <span className="taking-statusbar-hint">
            Ctrl/Cmd+Enter run · Ctrl/Cmd+Shift+Enter submit · Esc then Tab leaves the editor
          </span>
          <SaveIndicator status={save.status} lastServerSave={save.lastServerSave} />
        </footer>
        {confirmEnd && (
          <EndDialog
            onCancel={() => setConfirmEnd(false)}
            onConfirm={() => {
              setConfirmEnd(false);
              void finish('manual');
            }}
          >
            The current code of every problem you worked on is submitted (unless already submitted). You cannot come
            back to this test.
          </EndDialog>
        )}
      </div>
    </ProctoringWrapper>
  );
}

/** True on screens narrower than 700 px (phones), following rotation and window resizes. */
function useNarrowScreen(): boolean {
  const query = '(max-width: 700px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
