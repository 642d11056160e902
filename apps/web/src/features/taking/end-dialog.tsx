import { type ReactNode, useRef } from 'react';
import { useDialog } from '../../app/use-dialog';

/** 'End the test?' confirmation. Focus starts on Cancel (the safe choice); Escape cancels. */
export function EndDialog({
  children,
  onCancel,
  onEnd,
}: {
  children: ReactNode;
  /** Closes the dialog: Cancel, Escape, and first thing on End Test now. */
  onCancel: () => void;
  /** Ends the test, after the dialog is closed. */
  onEnd: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, onCancel);
  const onConfirm = () => {
    onCancel();
    onEnd();
  };
  return (
    <div className="modal-backdrop">
      <div ref={ref} className="modal" role="dialog" aria-modal="true" aria-labelledby="end-title">
        <h2 id="end-title">End the test?</h2>
        <p>{children}</p>
        <div className="row">
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            End Test now
          </button>
        </div>
      </div>
    </div>
  );
}
