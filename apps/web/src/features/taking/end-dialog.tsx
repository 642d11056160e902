import { type ReactNode, useRef } from 'react';
import { useDialog } from '../../app/use-dialog';
import { useT } from '../../i18n/candidate-intl';

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
  const { t } = useT();
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, onCancel);
  const onConfirm = () => {
    onCancel();
    onEnd();
  };
  return (
    <div className="modal-backdrop">
      <div ref={ref} className="modal" role="dialog" aria-modal="true" aria-labelledby="end-title">
        <h2 id="end-title">{t('end.title')}</h2>
        <p>{children}</p>
        <div className="row">
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            {t('end.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
