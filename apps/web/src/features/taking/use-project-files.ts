/**
 * A project workspace's files on the page (issue 43): loaded from the server, edited in memory, saved in
 * batches (writes, deletes, renames) on top of the revision last seen. Unsent changes are kept in
 * localStorage until the server has them, so a reload, a lost connection or a closed tab loses nothing; a save
 * refused as stale (another tab saved first) reloads the server's copy, as the drafts do.
 */
import type { TProjectWorkspace } from '@assessly/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api';

export type ProjectSaveStatus = 'saved' | 'saving' | 'unsaved' | 'offline' | 'error';

interface Pending {
  base: number;
  write: Record<string, string>;
  remove: string[];
  rename: { from: string; to: string }[];
}

const SAVE_DELAY_MS = 800;
const RETRY_MS = 3000;
const empty = (base: number): Pending => ({ base, write: {}, remove: [], rename: [] });
const isEmpty = (p: Pending) => !Object.keys(p.write).length && !p.remove.length && !p.rename.length;

export function useProjectFiles(testId: string, attemptId: string, problemId: string) {
  const url = `/api/attempts/${testId}/projects/${problemId}`;
  const storeKey = `assessly.project.${attemptId}.${problemId}`;
  const [workspace, setWorkspace] = useState<TProjectWorkspace | null>(null);
  const [files, setFiles] = useState<Map<string, string>>(new Map());
  const [status, setStatus] = useState<ProjectSaveStatus>('saved');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const revision = useRef(0);
  const pending = useRef<Pending>(empty(0));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());

  const persist = useCallback(() => {
    if (isEmpty(pending.current)) localStorage.removeItem(storeKey);
    else localStorage.setItem(storeKey, JSON.stringify(pending.current));
  }, [storeKey]);

  const load = useCallback(async () => {
    try {
      const ws = await api<TProjectWorkspace>(url);
      const map = new Map(ws.files.map((f) => [f.path, f.content]));
      revision.current = ws.revision;
      pending.current = empty(ws.revision);
      const kept = JSON.parse(localStorage.getItem(storeKey) ?? 'null') as Pending | null;
      // changes this page could not send: applied again when the server has not moved on since they were made
      if (kept && kept.base === ws.revision) {
        for (const r of kept.rename) {
          const text = map.get(r.from);
          if (text !== undefined && !map.has(r.to)) {
            map.delete(r.from);
            map.set(r.to, text);
          }
        }
        for (const p of kept.remove) map.delete(p);
        for (const [p, c] of Object.entries(kept.write)) map.set(p, c);
        pending.current = kept;
      } else if (kept) localStorage.removeItem(storeKey);
      setFiles(map);
      setWorkspace(ws);
      setError('');
      setStatus(isEmpty(pending.current) ? 'saved' : 'unsaved');
    } catch (err) {
      setError((err as Error).message);
    }
  }, [url, storeKey]);

  useEffect(() => {
    void load();
  }, [load]);

  const send = useCallback((): Promise<void> => {
    const run = async () => {
      const batch = pending.current;
      if (isEmpty(batch)) return;
      pending.current = empty(revision.current);
      setStatus('saving');
      try {
        const out = await api<{ revision: number }>(`${url}/files`, {
          method: 'PUT',
          body: {
            revision: revision.current,
            write: Object.entries(batch.write).map(([path, content]) => ({ path, content })),
            remove: batch.remove,
            rename: batch.rename,
          },
        });
        revision.current = out.revision;
        pending.current.base = out.revision;
        persist();
        setStatus(isEmpty(pending.current) ? 'saved' : 'unsaved');
      } catch (err) {
        const e = err as ApiError;
        if (e instanceof ApiError && e.status === 409) {
          localStorage.removeItem(storeKey);
          setNotice('stale');
          await load();
          return;
        }
        if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
          // refused as a whole (read-only, a limit): the server's copy stays; the message says why
          setError(e.message);
          setStatus('error');
          await load();
          return;
        }
        // offline or a server error: kept and sent again later
        pending.current = mergePending(batch, pending.current);
        persist();
        setStatus('offline');
        setTimeout(() => void send(), RETRY_MS);
      }
    };
    chain.current = chain.current.then(run);
    return chain.current;
  }, [url, storeKey, load, persist]);

  const schedule = useCallback(() => {
    persist();
    setStatus('unsaved');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void send(), SAVE_DELAY_MS);
  }, [persist, send]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    await send();
  }, [send]);

  const edit = useCallback(
    (path: string, content: string) => {
      setFiles((m) => new Map(m).set(path, content));
      pending.current.write[path] = content;
      schedule();
    },
    [schedule],
  );

  /** A rename or delete goes after the writes before it: those are sent first. */
  const structural = useCallback(
    async (change: (p: Pending) => void, local: (m: Map<string, string>) => void) => {
      await flush();
      change(pending.current);
      setFiles((m) => {
        const next = new Map(m);
        local(next);
        return next;
      });
      persist();
      await send();
    },
    [flush, persist, send],
  );

  const rename = (from: string, to: string) =>
    structural(
      (p) => p.rename.push({ from, to }),
      (m) => {
        m.set(to, m.get(from) ?? '');
        m.delete(from);
      },
    );
  const remove = (path: string) =>
    structural(
      (p) => p.remove.push(path),
      (m) => m.delete(path),
    );

  return { workspace, files, status, error, notice, setError, setNotice, edit, rename, remove, flush, reload: load };
}

function mergePending(older: Pending, newer: Pending): Pending {
  return {
    base: older.base,
    write: { ...older.write, ...newer.write },
    remove: [...older.remove, ...newer.remove],
    rename: [...older.rename, ...newer.rename],
  };
}
