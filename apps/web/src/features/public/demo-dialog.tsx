import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

/**
 * 'Watch Demo': the spec shows no behaviour and we ship no video, so a short walk-through of the product
 * opens in a native modal dialog (the browser traps focus and closes it on Escape).
 */
export function DemoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the browser closes a modal dialog on Escape; the click is the backdrop's
    <dialog
      ref={ref}
      className="demo-dialog"
      aria-labelledby="demo-title"
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="demo-dialog-head">
        <h2 id="demo-title">Assessly in two minutes</h2>
        <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </div>
      <div className="demo-dialog-body">
        <p className="muted" style={{ marginTop: 0 }}>
          Here is what a hiring round looks like, from the first test to the shortlist.
        </p>
        <ol className="demo-steps">
          <li>
            <b>Build a test in minutes.</b> Mix aptitude questions with coding problems, set the duration and the
            passing marks, and add hidden test cases that candidates never see.
          </li>
          <li>
            <b>Share one link.</b> Candidates sign in, verify their face with the webcam and start when the test window
            opens. Their code is saved as they type, so a dropped connection loses nothing.
          </li>
          <li>
            <b>Let the proctor watch.</b> Face matching, tab switches, copy-paste attempts and extra people in the frame
            are flagged with a timestamp and a snapshot.
          </li>
          <li>
            <b>Review and decide.</b> Scores arrive as soon as the code is judged. Compare candidates side by side, read
            the proctoring report and send status emails in one click.
          </li>
        </ol>
        <div className="row" style={{ marginTop: '1.5rem' }}>
          <Link to="/owner" className="btn btn-primary" onClick={onClose}>
            Register Your Company
          </Link>
          <Link to="/contact" className="btn btn-outline" onClick={onClose}>
            Talk to us
          </Link>
        </div>
      </div>
    </dialog>
  );
}
