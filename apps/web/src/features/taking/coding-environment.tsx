/**
 * The coding environment once the attempt is open: one active tab, drafts with revisions, the editor, Run /
 * Submit / custom input, End Test and the Test Submitted summary. Its own chunk: the start screen does not
 * load it.
 */
import {
  CODE_LANGUAGES,
  SQL_LANGUAGE,
  type TAnswerLanguage,
  type TCandidateProblem,
  type TCodeLanguage,
} from '@assessly/shared';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useT } from '../../i18n/candidate-intl';
import { useEditRecorder } from '../playback/use-edit-recorder';
import { ProctoringWrapper } from '../proctoring/proctoring-wrapper';
import { useCandidateAi } from './ai-api';
import { AiPanel } from './ai-panel';
import type { EditorHandle } from './code-editor';
import { LanguageSelect, ProblemTabs, TopBar } from './coding-parts';
import { useWrittenAnswers, WrittenQuestionsPanel } from './coding-written';
import { markersOfResults } from './compile-markers';
import { DraftQueue, draftKey } from './draft-queue';
import { readJson, useEditorPrefs, useNarrowScreen } from './editor-prefs';
import { EndDialog } from './end-dialog';
import { useEndSummary } from './end-summary';
import { OtherTabScreen, useAttemptTab } from './one-tab';
import { CustomInputPanel, ResultsPanel } from './result-cards';
import { SaveIndicator, type SaveQueue, useSaveSnapshot } from './save-queue';
import { NoProblemsScreen } from './screens';
import { currentSection, SectionsBar } from './sections-bar';
import { SignatureBar } from './signature-bar';
import { starterFor } from './starter-code';
import { SubmittedScreen } from './submitted-screen';
import { useOwnSubmissions, useVerdictRefresh } from './take-api';
import type { OpenTake } from './take-gate';
import { useRunner } from './use-runner';
import { useRunShortcuts } from './use-shortcuts';
import { useSavedIndex, useTakeSession } from './use-take-session';

const CodeEditor = lazy(() => import('./code-editor').then((m) => ({ default: m.CodeEditor })));
// issue 43: a project task's workspace, its own chunk (only tests with projects load it)
const ProjectWorkspace = lazy(() => import('./project-workspace').then((m) => ({ default: m.ProjectWorkspace })));

/** Holds the attempt for this tab, and reloads the server's drafts when they moved on elsewhere. */
export default function OneTabCoding(props: OpenTake & { testId: string }) {
  const { t } = useT();
  const [notice, setNotice] = useState('');
  const { state, takeOver, generation, flushRef, reload } = useAttemptTab(props.testId, props.take.attempt.id);
  const ended = props.take.window.state === 'ended';
  const onStale = useCallback(() => {
    setNotice(t('code.staleNotice'));
    void reload();
  }, [reload, t]);
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
  const { t } = useT();
  const attempt = take.attempt;
  const problems = take.problems;
  const [viewCode, setViewCode] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const narrow = useNarrowScreen();
  const { dark, setDark, settings, setSettings } = useEditorPrefs();
  const [index, setIndex] = useSavedIndex(attempt.id, problems.length);
  const submissions = useOwnSubmissions(testId, true);
  useVerdictRefresh(testId);

  // Drafts: server copy overlaid with anything unsent in localStorage.
  // One queue per mounted attempt: a reload of the drafts remounts this component with a new one.
  const staleRef = useRef(onStale);
  staleRef.current = onStale;
  const [queue] = useState(() => new DraftQueue(testId, attempt.id, take.drafts, () => staleRef.current()));
  // the test's written questions (issue 25): their own answers queue, flushed with the drafts
  const written = useWrittenAnswers(testId, take);
  const [showWrittenAsked, setShowWritten] = useState(false);
  // a mixed test (issue 46): the current section decides what is on the page
  const mixed = !!take.sections;
  const section = currentSection(take);
  const showWritten = mixed ? !!section && section.kind !== 'coding' : showWrittenAsked;
  const shownQuestions = mixed ? take.questions.filter((q) => section?.itemIds.includes(q.id)) : take.questions;
  flushRef.current = () => Promise.all([queue.flush(), written.queue?.flush()]);
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

  const problem: TCandidateProblem | undefined = problems[index];
  // entering a coding section opens its first problem
  // (only when the section changes: a refreshed take state keeps the problem the candidate is on)
  const firstOfSection = section?.kind === 'coding' ? section.itemIds[0] : undefined;
  const firstAt = firstOfSection ? problems.findIndex((p) => p.id === firstOfSection) : -1;
  const sectionId = section?.id;
  const enteredRef = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!sectionId || enteredRef.current === sectionId) return;
    const before = enteredRef.current;
    enteredRef.current = sectionId;
    // a reload inside the section keeps the saved problem
    if (before !== undefined && firstAt >= 0) setIndex(firstAt);
  }, [sectionId, firstAt, setIndex]);
  // only a language the test offers (issue 24): the first offered one until the candidate picks
  const offered = take.test.languages ?? CODE_LANGUAGES;
  const picked = problem && languages[problem.id];
  const isSql = problem?.kind === 'sql';
  // an SQL problem is answered in SQL whatever the test offers (issue 25)
  const language: TAnswerLanguage = isSql
    ? SQL_LANGUAGE
    : picked && offered.includes(picked)
      ? picked
      : (offered[0] ?? 'javascript');
  const currentCode = () =>
    problem ? (codes.current!.get(draftKey(problem.id, language)) ?? starterFor(problem.starterCode, language)) : '';

  // Issue 29: the editor's changes are recorded and sent in batches with the autosave.
  const recorder = useEditRecorder({
    testId,
    attemptId: attempt.id,
    startedAt: attempt.startedAt,
    offsetMs,
    pastePolicy: take.pastePolicy ?? 'record',
    active: take.window.state !== 'ended',
  });
  // The clock and End Test; End Test says what it sent.
  const endSummary = useEndSummary(testId, problems, submissions.data, t);
  const {
    ended,
    left,
    locked: testLocked,
    finish,
    endError,
  } = useTakeSession({
    testId,
    take,
    offsetMs,
    setTake,
    queue: {
      flush: async () => {
        await endSummary.remember();
        await recorder.flush();
        await written.queue?.flush();
        return queue.flush();
      },
    },
    onEnded: (reason) => void endSummary.describe(reason, !queue.hasPending() && !written.queue?.hasPending()),
  });

  // a problem outside the current section is read-only (the server refuses its saves, runs and submissions)
  const outside = mixed && !!problem && !(section?.kind === 'coding' && section.itemIds.includes(problem.id));
  const locked = testLocked || outside;
  const runner = useRunner(
    testId,
    () => ({ testId, questionNumber: index, language, code: currentCode() }),
    () => void queue.flush(),
  );
  // a project task has its own Run and Submit (project-workspace.tsx); a practice test has no Submit: its shortcut runs instead
  useRunShortcuts(
    runner.run,
    take.practice ? runner.run : runner.submit,
    runner.runCustom,
    !locked && runner.busy === null && !ended && problem?.kind !== 'project',
  );
  const markers = useMemo(() => markersOfResults(runner.results), [runner.results]);
  // Issue 44: the test's AI assistant, beside the editor when the test allows it.
  const ai = useCandidateAi(testId);
  const [aiOpen, setAiOpen] = useState(true);
  const editorRef = useRef<EditorHandle | null>(null);
  const aiShown = !!ai.data?.available && aiOpen && !ended;
  const insertFromAssistant = (code: string) => {
    const view = editorRef.current?.view;
    if (!view || locked) return;
    const { from, to } = view.state.selection.main;
    // its own user event: the recorder records it as an `assistant` edit, not a paste
    view.dispatch({ changes: { from, to, insert: code }, userEvent: 'input.assistant', scrollIntoView: true });
    view.focus();
  };

  if (problems.length === 0) return <NoProblemsScreen />;
  if (ended && !viewCode) {
    return (
      <SubmittedScreen
        take={take}
        submissions={submissions.data}
        loading={submissions.isPending}
        endMessage={endSummary.message}
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
    setShowWritten(false);
    runner.clear(); // spec §4: switching problem clears the results panel
  };

  return (
    <ProctoringWrapper testId={testId} attemptId={attempt.id}>
      <main className="taking" data-theme={dark ? 'dark' : 'light'}>
        <TopBar
          problems={problems}
          index={index}
          onIndex={switchProblem}
          left={ended ? 0 : left}
          dark={dark}
          onToggleTheme={() => setDark((d) => !d)}
          ended={testLocked}
          onEnd={() => setConfirmEnd(true)}
          settings={settings}
          onSettings={setSettings}
          written={
            mixed
              ? undefined
              : {
                  count: take.questions.length,
                  open: showWritten,
                  onToggle: () => setShowWritten((v) => !v),
                }
          }
        />
        {mixed && (
          <SectionsBar
            testId={testId}
            take={take}
            offsetMs={offsetMs}
            setTake={setTake}
            locked={testLocked}
            beforeMove={() => Promise.all([queue.flush(), written.queue?.flush(), recorder.flush()])}
          />
        )}
        {outside && !showWritten && (
          <p className="alert alert-warning taking-banner" role="status">
            {t('sections.readOnly')}
          </p>
        )}
        {take.practice && !ended && (
          <p className="alert alert-info taking-banner" data-testid="practice-banner">
            {t('practice.banner')}
          </p>
        )}
        {ended && (
          <p className="alert alert-info taking-banner">
            {t('code.endedReadOnly')}{' '}
            <button type="button" className="btn btn-link" onClick={() => setViewCode(false)}>
              {t('code.backToSummary')}
            </button>
          </p>
        )}
        {endError && (
          <p className="alert alert-error taking-banner" role="alert">
            {endError}
          </p>
        )}
        {recorder.blocked && (
          <p className="alert alert-warning taking-banner" role="alert">
            {recorder.blocked}{' '}
            <button type="button" className="btn btn-link" onClick={recorder.dismissBlocked}>
              {t('common.dismiss')}
            </button>
          </p>
        )}
        {notice && (
          <p className="alert alert-warning taking-banner" role="status">
            {notice}{' '}
            <button type="button" className="btn btn-link" onClick={onDismissNotice}>
              {t('common.dismiss')}
            </button>
          </p>
        )}
        {showWritten && (
          <WrittenQuestionsPanel
            questions={shownQuestions}
            written={written}
            locked={testLocked}
            title={mixed ? section?.title : undefined}
          />
        )}
        {/* A phone cannot fit 250 px + 400 px side by side: the problem goes above the editor there. The panels stay
            mounted (hidden) while the written questions are open, so the editor keeps its state. */}
        <div className="taking-with-ai" hidden={showWritten}>
          <div className="taking-panels-wrap">
            <Group
              key={narrow ? 'stacked' : 'side'}
              orientation={narrow ? 'vertical' : 'horizontal'}
              className="taking-panels"
            >
              <Panel defaultSize="45%" minSize={narrow ? 160 : 250}>
                <ProblemTabs problem={problem} index={index} submissions={submissions.data} />
              </Panel>
              <Separator className={`resize-handle ${narrow ? 'resize-handle-h' : 'resize-handle-v'}`} />
              <Panel minSize={narrow ? 300 : 400}>
                {problem.kind === 'project' ? (
                  <Suspense fallback={<div className="editor-loading">{t('code.loadingEditor')}</div>}>
                    <ProjectWorkspace
                      key={problem.id}
                      testId={testId}
                      attemptId={attempt.id}
                      problemId={problem.id}
                      locked={locked}
                      dark={dark}
                      settings={settings}
                    />
                  </Suspense>
                ) : (
                  <Group orientation="vertical">
                    <Panel defaultSize="62%" minSize={160}>
                      <div className="editor-area">
                        <div className="editor-toolbar">
                          {isSql ? (
                            <span className="badge" data-testid="sql-language">
                              SQL (SQLite)
                            </span>
                          ) : (
                            <LanguageSelect
                              value={language}
                              languages={offered}
                              disabled={locked}
                              onChange={(l) => {
                                setLanguages((m) => ({ ...m, [problem.id]: l }));
                                runner.clear(false);
                              }}
                            />
                          )}
                          <span className="taking-spacer" />
                          {ai.data?.available && !aiShown && !ended && (
                            <button type="button" className="btn btn-outline btn-sm" onClick={() => setAiOpen(true)}>
                              {t('ai.open')}
                            </button>
                          )}
                          <button
                            type="button"
                            className="btn btn-outline btn-sm"
                            onClick={runner.run}
                            disabled={locked || runner.busy !== null}
                            aria-keyshortcuts="Control+Enter Meta+Enter"
                            title={t('code.runTitle')}
                          >
                            {t('code.run')}
                          </button>
                          {/* a practice test (issue 46) is never scored: Run only */}
                          {!take.practice && (
                            <button
                              type="button"
                              className="btn btn-success btn-sm"
                              onClick={runner.submit}
                              disabled={locked || runner.busy !== null}
                              aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter"
                              title={t('code.submitTitle')}
                            >
                              {t('code.submit')}
                            </button>
                          )}
                        </div>
                        <SignatureBar problem={problem} />
                        <Suspense fallback={<div className="editor-loading">{t('code.loadingEditor')}</div>}>
                          <CodeEditor
                            modelKey={`${attempt.id}/${draftKey(problem.id, language)}`}
                            language={language}
                            initialValue={currentCode()}
                            readOnly={locked}
                            dark={dark}
                            settings={settings}
                            onChange={onChange}
                            markers={markers}
                            accessible={take.accommodations?.screenReader}
                            onReady={(editor, host) => {
                              editorRef.current = editor;
                              return recorder.attach(editor, host);
                            }}
                          />
                        </Suspense>
                      </div>
                    </Panel>
                    <Separator className="resize-handle resize-handle-h" />
                    <Panel defaultSize="38%" minSize={80}>
                      <ResultsPanel
                        sql={isSql}
                        results={runner.results}
                        busy={runner.busy}
                        error={runner.error}
                        note={runner.note}
                        announcement={runner.announcement}
                        fn={problem.kind === 'function'}
                        custom={
                          <CustomInputPanel
                            value={runner.stdin}
                            onChange={runner.setStdin}
                            onRun={runner.runCustom}
                            disabled={locked || runner.busy !== null}
                            busy={runner.busy === 'custom'}
                            result={runner.custom}
                            error={runner.customError}
                            fn={problem.kind === 'function'}
                          />
                        }
                      />
                    </Panel>
                  </Group>
                )}
              </Panel>
            </Group>
          </div>
          {aiShown && (
            <AiPanel
              testId={testId}
              questionId={problem.id}
              language={language}
              currentCode={currentCode}
              onInsert={insertFromAssistant}
              locked={locked}
              onClose={() => setAiOpen(false)}
            />
          )}
        </div>
        <footer className="taking-statusbar">
          <span className="taking-statusbar-hint">{t('code.statusHint')}</span>
          <SaveIndicator status={save.status} lastServerSave={save.lastServerSave} />
        </footer>
        {confirmEnd && (
          <EndDialog onCancel={() => setConfirmEnd(false)} onEnd={() => void finish('manual')}>
            {t('code.endText')}
          </EndDialog>
        )}
      </main>
    </ProctoringWrapper>
  );
}
