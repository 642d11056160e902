/**
 * Moving one candidate to a stage of the company's pipeline (issues 13 and 26), from a results row or the report
 * page: the confirmation dialog with the choice to email the candidate, then a toast with Undo for as long as
 * the email waits (the one-minute undo window, status-mail.ts on the server). Shortlist, Reject and the stage
 * menu all go through useStatusChange; the menu is a labelled select and a Move button (keyboard as usual).
 * Callers show these controls only to roles that may decide (useCan()('review.status')).
 */
import { DEFAULT_STAGE_MAIL, renderStageMail, stageLabel, type TPipelineStage } from '@assessly/shared';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { useCompanyName, useSetStatus } from './review-api';
import { Modal } from './review-ui';
import { StageOptions } from './stage-options';

export interface MoveTarget {
  attemptId: string;
  name: string;
  email: string;
  hiringStatus: string | null;
}

/** The subject a notified candidate gets for an own stage (the company's text or the default one). */
export function stageMailSubject(
  stage: TPipelineStage | undefined,
  key: string,
  values: { testName: string; candidateName?: string; companyName?: string },
): string {
  return renderStageMail((stage?.mail ?? DEFAULT_STAGE_MAIL).subject, {
    ...values,
    stageLabel: stage?.label ?? key,
  });
}

/** Whether the employer's choice to notify is worth asking: Applied is never mailed. */
const mailable = (status: string) => status !== 'pending';

export function useStatusChange({ testName, stages }: { testName: string; stages: readonly TPipelineStage[] }) {
  const [confirm, setConfirm] = useState<{ row: MoveTarget; status: string } | null>(null);
  const [notify, setNotify] = useState(true);
  const setStatus = useSetStatus();
  const companyName = useCompanyName();
  const label = (key: string | null) => stageLabel(stages, key);

  const open = (row: MoveTarget, status: string) => {
    setNotify(true);
    setConfirm({ row, status });
  };

  const apply = async () => {
    if (!confirm) return;
    const { row, status } = confirm;
    const before = row.hiringStatus ?? 'pending';
    try {
      const r = await setStatus.mutateAsync({ attemptId: row.attemptId, status, notify });
      setConfirm(null);
      if (r.emailAt) {
        // The email waits for the undo window: Undo puts the old status back and nothing is sent.
        const undo = async () => {
          await setStatus.mutateAsync({ attemptId: row.attemptId, status: before });
          toast.info(`${row.name} is back to ${label(before)}; no email was sent.`);
        };
        toast.success(
          <span>
            {row.name} is now {label(r.hiringStatus)}. The status email goes out at{' '}
            {new Date(r.emailAt).toLocaleTimeString()}.{' '}
            <button type="button" className="btn btn-link btn-sm" onClick={() => void undo()}>
              Undo
            </button>
          </span>,
          // The Undo button stays as long as the undo window does.
          { autoClose: Math.max(5_000, new Date(r.emailAt).getTime() - Date.now()) },
        );
      } else
        toast.success(
          `${row.name} is now ${label(r.hiringStatus)}. ${notify || !mailable(status) ? 'No email is needed.' : 'No email is sent.'}`,
        );
    } catch (err) {
      // A refused or failed change closes the dialog too; the toast says why.
      setConfirm(null);
      toast.error((err as Error).message);
    }
  };

  let dialog = null;
  if (confirm) {
    const { row, status } = confirm;
    const builtIn = status === 'shortlisted' || status === 'rejected';
    const stage = stages.find((s) => s.key === status);
    const title =
      status === 'pending'
        ? 'Reset status'
        : status === 'shortlisted'
          ? 'Shortlist candidate'
          : status === 'rejected'
            ? 'Reject candidate'
            : 'Move candidate';
    const question =
      status === 'pending'
        ? `Set ${row.name} back to ${label('pending')}? No email is sent.`
        : builtIn
          ? `${status === 'shortlisted' ? 'Shortlist' : 'Reject'} ${row.name} (${row.email})?${notify ? ` The ${status} status email goes to them one minute after you confirm; until then you can undo it.` : ' No email is sent.'}`
          : `Move ${row.name} (${row.email}) to ${label(status)}?${notify ? ` They get an email one minute after you confirm ("${stageMailSubject(stage, status, { testName, candidateName: row.name, companyName })}"); until then you can undo it.` : ' No email is sent.'}`;
    dialog = (
      <Modal title={title} onClose={() => setConfirm(null)}>
        <p>{question}</p>
        {mailable(status) && <NotifyChoice checked={notify} onChange={setNotify} label="Email the candidate" />}
        <div className="row">
          <button
            type="button"
            className={`btn ${status === 'rejected' ? 'btn-danger' : 'btn-primary'}`}
            onClick={apply}
            disabled={setStatus.isPending}
          >
            {setStatus.isPending ? 'Saving...' : 'Confirm'}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setConfirm(null)}>
            Cancel
          </button>
        </div>
      </Modal>
    );
  }
  return { open, dialog };
}

/**
 * A select of the stages the candidate is not in, and Move (which opens the confirmation). The select's label is
 * "Move <name> to"; visible on the report page, for screen readers only in a results row.
 */
export function StageMenu({
  target,
  stages,
  onMove,
  compact,
}: {
  target: MoveTarget;
  stages: readonly TPipelineStage[];
  onMove: (status: string) => void;
  compact?: boolean;
}) {
  const id = useId();
  const others = stages.filter((s) => s.key !== (target.hiringStatus ?? 'pending'));
  const [picked, setPicked] = useState('');
  const value = others.some((s) => s.key === picked) ? picked : (others[0]?.key ?? '');
  if (others.length === 0) return null;
  return (
    <span className="row rv-stage-menu" style={{ gap: '0.3rem' }}>
      <label htmlFor={id} className={compact ? 'sr-only' : undefined}>
        Move {target.name} to
      </label>
      <select id={id} value={value} onChange={(e) => setPicked(e.target.value)}>
        <StageOptions stages={others} />
      </select>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-label={`Move ${target.name} to ${stageLabel(stages, value)}`}
        onClick={() => onMove(value)}
      >
        Move
      </button>
    </span>
  );
}

/** Whether a status change emails the candidate(s) (issue 26); on unless the employer unticks it. */
export function NotifyChoice({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
}) {
  return (
    <p>
      <label>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
    </p>
  );
}
