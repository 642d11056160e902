import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert, SuccessAlert } from '../../app/alert';
import { PageSpinner } from '../../app/page-spinner';
import type { useTests } from './admin-api';

/** Spec part 1 §4: 'Changes saved successfully!' shows for 3 seconds after each save. */
export function useSavedFlash(ms = 3000) {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(() => {
    setShown(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(false), ms);
  }, [ms]);
  const hide = useCallback(() => setShown(false), []);
  return { shown, flash, hide };
}

/** The company's tests while they load, or why they could not be fetched. */
export function TestsLoading({ tests }: { tests: ReturnType<typeof useTests> }) {
  return (
    <>
      {tests.isPending && <PageSpinner label="Loading tests..." />}
      <ErrorAlert message={tests.isError ? `Failed to fetch tests: ${tests.error.message}` : null} />
    </>
  );
}

/** An editor whose test could not be loaded: the reason and the way back to the tests. */
export function EditorLoadError({ message }: { message: string }) {
  return (
    <main>
      <ErrorAlert message={message} />
      <Link to="/admin/tests">Back to Tests</Link>
    </main>
  );
}

/** 'Changes saved successfully!' while the saved flash is shown. */
export function SavedNotice({ shown }: { shown: boolean }) {
  return <SuccessAlert message={shown ? 'Changes saved successfully!' : null} />;
}

/** The head of a builder: title, the test's name once loaded, the way back; then the load failure, if any. */
export function BuilderHead({
  title,
  testName,
  backTo = '/admin/tests',
  backLabel = 'Back to Tests',
  loadFailed,
}: {
  title: string;
  testName: string | undefined;
  backTo?: string;
  backLabel?: string;
  loadFailed: boolean;
}) {
  return (
    <>
      <div className="admin-page-head">
        <div>
          <h1>{title}</h1>
          {testName !== undefined && (
            <p className="muted" style={{ margin: 0 }}>
              {testName}
            </p>
          )}
        </div>
        <Link to={backTo} className="btn btn-outline">
          {backLabel}
        </Link>
      </div>
      <ErrorAlert message={loadFailed ? 'Failed to load test details. Please try again later.' : null} />
    </>
  );
}

/** The head of an item editor: title, the test's name, extra actions, then the links back. */
export function EditorHead({
  title,
  testId,
  testName,
  actions,
}: {
  title: string;
  testId: string;
  testName: string;
  actions?: ReactNode;
}) {
  return (
    <div className="admin-page-head">
      <div>
        <h1>{title}</h1>
        <p className="muted" style={{ margin: 0 }}>
          {testName}
        </p>
      </div>
      <div className="row">
        {actions}
        <Link to="/admin/tests" className="btn btn-outline">
          Back to Tests
        </Link>
        <Link to={`/admin/tests/${testId}/edit`} className="btn btn-outline">
          Edit Basic Details
        </Link>
      </div>
    </div>
  );
}

/** Edit, move up, move down and remove for row `index` of `count` items; `name` goes into each button's label. */
export function ItemActions({
  name,
  index,
  count,
  removeLabel = `Remove ${name}`,
  onEdit,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  removeLabel?: string;
  onEdit: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="icon-actions">
      <button type="button" className="btn btn-outline btn-sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </button>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </button>
      <button type="button" className="btn btn-danger btn-sm" aria-label={removeLabel} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}
