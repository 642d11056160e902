/**
 * /code/{testId}: the candidate coding environment (spec part 2 §2.1, §4, §9). The attempt, its deadline
 * and the saved drafts come from the server; Monaco is loaded lazily after this shell renders.
 */
import type { TCandidateProblem, TCandidateResult, TCodeLanguage, TDraftInput } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { api } from '../../lib/api';
import { RequireUser } from '../auth/guards';
import { ProctoringWrapper } from '../proctoring/proctoring-wrapper';
import type { EditorSettings } from './code-editor';
import { LanguageSelect, ProblemTabs, ResultsPanel, TopBar } from './coding-parts';
import { EndDialog } from './end-dialog';
import { SaveIndicator, SaveQueue, useSaveStatus } from './save-queue';
import { NoProblemsScreen, SubmittedScreen } from './screens';
import { starterFor } from './starter-code';
import {
  runCode,
  showSubmitProgress,
  submissionsKey,
  submitCode,
  useOwnSubmissions,
  useVerdictRefresh,
} from './take-api';
import { type OpenTake, TakeGate } from './take-gate';
import { useSavedIndex, useTakeSession } from './use-take-session';
import './taking.css';

const CodeEditor = lazy(() => import('./code-editor').then((m) => ({ default: m.CodeEditor })));

const ENDED = {
  manual: 'Test ended and submission sent.',
  timeout: 'Test window ended. Your code is auto-submitted.',
};
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
      {(t) => <CodingEnvironment key={t.take.attempt.id} testId={testId} {...t} />}
    </TakeGate>
  );
}

const draftKey = (questionId: string, language: string) => `${questionId}|${language}`;

function CodingEnvironment({ testId, take, offsetMs, setTake }: OpenTake & { testId: string }) {
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
  const [busy, setBusy] = useState<'run' | 'submit' | null>(null);
  const [runError, setRunError] = useState('');
  const submissions = useOwnSubmissions(testId, true);
  useVerdictRefresh(testId);

  // Drafts: server copy overlaid with anything unsent in localStorage.
  const queue = useMemo(
    () =>
      new SaveQueue<TDraftInput>(`assessly.drafts.${attempt.id}`, (d) =>
        api(`/api/attempts/${testId}/drafts`, { method: 'PUT', body: d }),
      ),
    [attempt.id, testId],
  );
  const saveStatus = useSaveStatus(queue as SaveQueue<unknown>);
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

  // The clock and End Test; the submissions list is refreshed once the attempt has ended.
  const refreshSubmissions = useCallback(
    () => void qc.invalidateQueries({ queryKey: submissionsKey(testId) }),
    [qc, testId],
  );
  const { ended, left, locked, finish } = useTakeSession({
    testId,
    take,
    offsetMs,
    setTake,
    queue,
    messages: ENDED,
    onEnded: refreshSubmissions,
  });

  if (problems.length === 0) return <NoProblemsScreen />;
  if (ended && !viewCode) {
    return (
      <SubmittedScreen
        take={take}
        submissions={submissions.data}
        loading={submissions.isPending}
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
    queue.put(key, { questionId: problem.id, language, code });
  };

  const payload = () => ({ testId, questionNumber: index, language, code: currentCode() });
  const run = async () => {
    setBusy('run');
    setRunError('');
    void queue.flush();
    try {
      setResults(await runCode(payload()));
    } catch (err) {
      toast.error('Failed to run code');
      setRunError(err instanceof Error ? err.message : 'Failed to run code');
      setResults(null);
    } finally {
      setBusy(null);
    }
  };
  const submit = async () => {
    setBusy('submit');
    setRunError('');
    void queue.flush();
    try {
      const res = await submitCode(payload(), showSubmitProgress);
      setResults(res);
      toast.success(`Submitted! Passed ${res.filter((r) => r.passed).length} / ${res.length} test cases.`);
      void qc.invalidateQueries({ queryKey: submissionsKey(testId) });
    } catch (err) {
      toast.error('Failed to submit code');
      setRunError(err instanceof Error ? err.message : 'Failed to submit code');
    } finally {
      toast.dismiss('submit-progress');
      setBusy(null);
    }
  };

  const switchProblem = (i: number) => {
    setIndex(i);
    setResults(null); // spec §4: switching problem clears the results panel
    setRunError('');
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
          saveIndicator={<SaveIndicator status={saveStatus} />}
        />
        {ended && (
          <p className="alert alert-info taking-banner">
            This test has ended; your code is read-only.{' '}
            <button type="button" className="btn btn-link" onClick={() => setViewCode(false)}>
              Back to the summary
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
              <Panel defaultSize="70%" minSize={200}>
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
                    >
                      Run
                    </button>
                    <button
                      type="button"
                      className="btn btn-success btn-sm"
                      onClick={submit}
                      disabled={locked || busy !== null}
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
              <Panel defaultSize="30%">
                <ResultsPanel results={results} busy={busy} error={runError} />
              </Panel>
            </Group>
          </Panel>
        </Group>
        {confirmEnd && (
          <EndDialog
            onCancel={() => setConfirmEnd(false)}
            onConfirm={() => {
              setConfirmEnd(false);
              void finish('manual');
            }}
          >
            Your latest code of every problem is submitted. You cannot come back to this test.
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
