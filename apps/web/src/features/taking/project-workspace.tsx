/**
 * A project task on the coding page (issue 43): the file tree, tabs of open files in the page's CodeMirror
 * editor, Run of the visible tests with per-test results and the runner's log, Submit, and autosave of every
 * file (use-project-files.ts). Read-only files (the visible tests) open in the editor but cannot be changed.
 */
import { projectPathProblem, type TProjectRunResult } from '@assessly/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useT } from '../../i18n/candidate-intl';
import { ApiError, api } from '../../lib/api';
import type { EditorSettings } from './code-editor';
import { FileTabs, FileTree, ProjectResults } from './project-parts';
import { useProjectFiles } from './use-project-files';
import './project.css';

const CodeEditor = lazy(() => import('./code-editor').then((m) => ({ default: m.CodeEditor })));

const GRAMMAR: Record<string, string> = {
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  java: 'java',
  go: 'go',
  sql: 'sql',
};
const grammarOf = (path: string) => GRAMMAR[path.slice(path.lastIndexOf('.') + 1)] ?? 'text';

export function ProjectWorkspace(props: {
  testId: string;
  attemptId: string;
  problemId: string;
  locked: boolean;
  dark: boolean;
  settings: EditorSettings;
}) {
  const { t } = useT();
  const p = useProjectFiles(props.testId, props.attemptId, props.problemId);
  const [tabs, setTabs] = useState<string[]>([]);
  const [active, setActive] = useState<string | null>(null);
  const [busy, setBusy] = useState<'run' | 'submit' | null>(null);
  const [result, setResult] = useState<TProjectRunResult | null>(null);
  const [runError, setRunError] = useState('');
  const ws = p.workspace;
  const readOnly = new Map((ws?.readOnly ?? []).map((f) => [f.path, f.content]));
  const paths = [...p.files.keys()];

  useEffect(() => {
    if (!ws) return;
    setResult((r) => r ?? ws.lastRun);
    setActive((a) => a ?? ws.files.find((f) => !f.path.endsWith('__init__.py'))?.path ?? ws.files[0]?.path ?? null);
  }, [ws]);
  useEffect(() => {
    if (active && !tabs.includes(active)) setTabs((tb) => [...tb, active]);
  }, [active, tabs]);

  if (p.error && !ws)
    return (
      <p className="alert alert-error" role="alert">
        {p.error}
      </p>
    );
  if (!ws) return <div className="editor-loading">{t('project.loading')}</div>;

  const open = (path: string) => setActive(path);
  const close = (path: string) => {
    const rest = tabs.filter((x) => x !== path);
    setTabs(rest);
    if (active === path) setActive(rest[rest.length - 1] ?? null);
  };
  const problemOf = (path: string) =>
    projectPathProblem(path) ?? (p.files.has(path) || readOnly.has(path) ? t('project.exists', { path }) : null);
  const create = (path: string) => {
    const problem = problemOf(path);
    if (problem) return p.setError(problem);
    p.setError('');
    p.edit(path, '');
    setActive(path);
  };
  const rename = (from: string, to: string) => {
    const problem = problemOf(to);
    if (problem) return p.setError(problem);
    p.setError('');
    void p.rename(from, to);
    setTabs((tb) => tb.map((x) => (x === from ? to : x)));
    setActive(to);
  };
  const remove = (path: string) => {
    void p.remove(path);
    close(path);
  };
  const go = async (mode: 'run' | 'submit') => {
    setBusy(mode);
    setRunError('');
    try {
      await p.flush();
      setResult(
        await api<TProjectRunResult>(`/api/attempts/${props.testId}/projects/${props.problemId}/${mode}`, {
          method: 'POST',
          body: {},
        }),
      );
    } catch (err) {
      setRunError(err instanceof ApiError ? err.message : t('project.runFailed'));
    } finally {
      setBusy(null);
    }
  };
  const activeRo = !!active && readOnly.has(active);
  const text = active ? (p.files.get(active) ?? readOnly.get(active) ?? '') : '';
  return (
    <div className="project-ws" data-testid="project-workspace">
      <div className="editor-toolbar">
        <span className="badge" title={ws.packages}>
          {ws.stackName}
        </span>
        <code className="project-cmd">{ws.testCommand}</code>
        <span className="taking-spacer" />
        <span className="project-save" role="status" data-testid="project-save">
          {t(`project.save.${p.status}`)}
        </span>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={props.locked || busy !== null}
          onClick={() => void go('run')}
        >
          {t('project.run')}
        </button>
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={props.locked || busy !== null}
          onClick={() => void go('submit')}
        >
          {t('code.submit')}
        </button>
      </div>
      {p.notice === 'stale' && (
        <p className="alert alert-warning" role="status">
          {t('code.staleNotice')}{' '}
          <button type="button" className="btn btn-link" onClick={() => p.setNotice('')}>
            {t('common.dismiss')}
          </button>
        </p>
      )}
      {p.error && (
        <p className="alert alert-error" role="alert">
          {p.error}
        </p>
      )}
      <Group orientation="vertical" className="project-panels">
        <Panel defaultSize="62%" minSize={160}>
          <div className="project-main">
            <FileTree
              paths={paths}
              readOnly={[...readOnly.keys()]}
              active={active}
              locked={props.locked}
              onOpen={open}
              onCreate={create}
              onRename={rename}
              onDelete={remove}
            />
            <div className="project-editor">
              <FileTabs tabs={tabs} active={active} onSelect={open} onClose={close} />
              {activeRo && <p className="project-muted">{t('project.readOnlyHint')}</p>}
              {active ? (
                <Suspense fallback={<div className="editor-loading">{t('code.loadingEditor')}</div>}>
                  <CodeEditor
                    modelKey={`${props.attemptId}/project/${props.problemId}/${active}`}
                    language={grammarOf(active)}
                    initialValue={text}
                    readOnly={props.locked || activeRo}
                    dark={props.dark}
                    settings={props.settings}
                    onChange={(code) => !activeRo && p.files.get(active) !== code && p.edit(active, code)}
                  />
                </Suspense>
              ) : (
                <p className="project-muted">{t('project.pickFile')}</p>
              )}
            </div>
          </div>
        </Panel>
        <Separator className="resize-handle resize-handle-h" />
        <Panel defaultSize="38%" minSize={80}>
          <ProjectResults result={result} busy={busy} error={runError} />
        </Panel>
      </Group>
    </div>
  );
}
