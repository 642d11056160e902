import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useDialog } from '../../app/use-dialog';
import { api } from '../../lib/api';

export interface BankItem {
  id: string;
  title: string;
  detail?: string;
  marks: number;
}

/**
 * The "add existing questions/problems" modal: search, a checkbox per item, a confirm button that is
 * disabled while nothing is selected. Closing clears the selection and the search.
 */
/** The modal's list from a bank query: the entries not yet in the test as items, the loading state and the error. */
export function bankListProps<T extends { id: string }>(
  bank: { data: T[] | undefined; isPending: boolean; isError: boolean },
  inTest: ReadonlySet<string>,
  toItem: (entry: T) => BankItem,
) {
  return {
    items: bank.data?.filter((b) => !inTest.has(b.id)).map(toItem),
    loading: bank.isPending,
    error: bank.isError ? 'Failed to load data. Please try again later.' : null,
  };
}

export function AddFromBankModal(props: {
  title: string;
  searchPlaceholder: string;
  items: BankItem[] | undefined;
  loading: boolean;
  error: string | null;
  confirmLabel: (n: number) => string;
  emptyText: string;
  emptyAction?: ReactNode;
  /** ids chosen, and among them those to link (share) instead of copy; only with `linkable`. */
  onConfirm: (ids: string[], linkIds: string[]) => void;
  onClose: () => void;
  /** Coding problems: added as copies unless the author ticks "Share" (then where else it is used is shown). */
  linkable?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [linked, setLinked] = useState<string[]>([]);
  const q = search.trim().toLowerCase();
  const shown = (props.items ?? []).filter(
    (i) => !q || i.title.toLowerCase().includes(q) || (i.detail ?? '').toLowerCase().includes(q),
  );
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const close = () => {
    setSelected([]);
    setLinked([]);
    setSearch('');
    props.onClose();
  };
  // Escape closes the modal like Cancel (selection and search are dropped with it).
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialog(dialogRef, close);
  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="bank-title"
        style={{ maxWidth: 760 }}
      >
        <h2 id="bank-title">{props.title}</h2>
        <label className="sr-only" htmlFor="bank-search">
          {props.searchPlaceholder}
        </label>
        <input
          id="bank-search"
          className="input"
          type="search"
          placeholder={props.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: '1rem' }}
        />
        {props.linkable && (
          <p className="field-hint">
            Problems are copied into this test: editing them here never changes another test. Tick “Share” to link a
            problem instead, so that one edit changes every test using it.
          </p>
        )}
        {props.loading && <p className="muted">Loading...</p>}
        {props.error && (
          <div className="alert alert-error" role="alert">
            {props.error}
          </div>
        )}
        {props.items && shown.length === 0 && (
          <div className="empty-state">
            <p>{props.emptyText}</p>
            {props.emptyAction}
          </div>
        )}
        {shown.length > 0 && (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Select</th>
                <th scope="col">{props.title.includes('Problem') ? 'Problem' : 'Question'}</th>
                <th scope="col">Marks</th>
                {props.linkable && <th scope="col">Share</th>}
              </tr>
            </thead>
            <tbody>
              {shown.map((i) => (
                <tr key={i.id}>
                  <td>
                    <input
                      type="checkbox"
                      checked={selected.includes(i.id)}
                      onChange={() => toggle(i.id)}
                      aria-label={`Select ${i.title}`}
                    />
                  </td>
                  <td>
                    <strong>{i.title}</strong>
                    {i.detail && <div className="muted">{i.detail}</div>}
                  </td>
                  <td>{i.marks}</td>
                  {props.linkable && (
                    <td>
                      <input
                        type="checkbox"
                        disabled={!selected.includes(i.id)}
                        checked={linked.includes(i.id)}
                        onChange={() =>
                          setLinked((l) => (l.includes(i.id) ? l.filter((x) => x !== i.id) : [...l, i.id]))
                        }
                        aria-label={`Share ${i.title} instead of copying`}
                      />
                      {linked.includes(i.id) && selected.includes(i.id) && <UsedIn problemId={i.id} />}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="row" style={{ marginTop: '1rem', justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-outline" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={selected.length === 0}
            onClick={() => {
              props.onConfirm(
                selected,
                linked.filter((x) => selected.includes(x)),
              );
              close();
            }}
          >
            {props.confirmLabel(selected.length)}
          </button>
        </div>
      </div>
    </div>
  );
}

/** "Also used in": the tests that list a problem, shown when the author chooses to share it. */
function UsedIn({ problemId }: { problemId: string }) {
  const usage = useQuery({
    queryKey: ['admin', 'problem-usage', problemId],
    queryFn: () => api<{ tests: { id: string; testName: string }[] }>(`/api/coding-tests/${problemId}/usage`),
  });
  if (!usage.data) return null;
  const names = usage.data.tests.map((t) => t.testName);
  return (
    <div className="field-hint" role="note">
      {names.length ? `Shared with: ${names.join(', ')}. Edits change all of them.` : 'Not used in another test yet.'}
    </div>
  );
}
