/**
 * Issue 46: on the entry page (before the start, with or without the camera step) the candidate may ask for an
 * accommodation — extra time, no camera, screen-reader mode — with a short reason; the company grants or refuses
 * it, and this panel says which (docs/DECISIONS.md §23). A company member's preview has nothing to ask.
 */
import {
  ACCOMMODATION_KINDS,
  type TAccommodationKind,
  type TOwnAccommodationRequest,
  type TTakeTest,
} from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { ApiError, api } from '../../lib/api';
import { takeKey } from './take-api';

const KIND_LABEL = {
  extra_time: 'accommodation.kind.extraTime',
  no_camera: 'accommodation.kind.noCamera',
  screen_reader: 'accommodation.kind.screenReader',
} as const;

export function AccommodationRequest({ take }: { take: TTakeTest }) {
  const { t } = useT();
  const request = take.accommodationRequest;
  const [open, setOpen] = useState(false);
  if (take.preview || take.practice) return null;
  const decided = request && request.status !== 'pending';
  return (
    <section className="accommodation" aria-labelledby="accommodation-title">
      <h2 id="accommodation-title" className="taking-h2">
        {t('accommodation.title')}
      </h2>
      {request && <RequestStatus request={request} />}
      {!decided &&
        (open ? (
          <RequestForm testId={take.test.id} request={request} onDone={() => setOpen(false)} />
        ) : (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
            {t(request ? 'accommodation.change' : 'accommodation.ask')}
          </button>
        ))}
    </section>
  );
}

function RequestStatus({ request }: { request: TOwnAccommodationRequest }) {
  const { t } = useT();
  const kinds = request.kinds.map((k) => t(KIND_LABEL[k])).join(', ');
  return (
    <div data-testid="accommodation-status">
      <p>
        {t(`accommodation.status.${request.status}`, { kinds })}
        {request.status === 'granted' && request.grantedMinutes
          ? ` ${t('accommodation.grantedMinutes', { n: request.grantedMinutes })}`
          : ''}
      </p>
      {request.decisionNote && <p className="muted">{t('accommodation.note', { note: request.decisionNote })}</p>}
    </div>
  );
}

function RequestForm(props: { testId: string; request?: TOwnAccommodationRequest; onDone: () => void }) {
  const { t } = useT();
  const qc = useQueryClient();
  const ids = { minutes: useId(), reason: useId(), error: useId() };
  const [kinds, setKinds] = useState<TAccommodationKind[]>(props.request?.kinds ?? []);
  const [minutes, setMinutes] = useState(props.request?.extraMinutes ? String(props.request.extraMinutes) : '');
  const [reason, setReason] = useState(props.request?.reason ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const toggle = (k: TAccommodationKind, on: boolean) =>
    setKinds((ks) => (on ? ACCOMMODATION_KINDS.filter((x) => x === k || ks.includes(x)) : ks.filter((x) => x !== k)));
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (kinds.length === 0) return setError(t('accommodation.error.kinds'));
    if (kinds.includes('extra_time') && !(Number(minutes) >= 1)) return setError(t('accommodation.error.minutes'));
    if (!reason.trim()) return setError(t('accommodation.error.reason'));
    setBusy(true);
    try {
      await api(`/api/attempts/${props.testId}/accommodation`, {
        method: 'PUT',
        body: { kinds, extraMinutes: kinds.includes('extra_time') ? Number(minutes) : null, reason: reason.trim() },
      });
      await qc.invalidateQueries({ queryKey: takeKey(props.testId) });
      props.onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('accommodation.error.send'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={send} noValidate aria-describedby={error ? ids.error : undefined}>
      <fieldset className="accommodation-kinds">
        <legend>{t('accommodation.legend')}</legend>
        {ACCOMMODATION_KINDS.map((k) => (
          <label key={k} className="accommodation-kind">
            <input type="checkbox" checked={kinds.includes(k)} onChange={(e) => toggle(k, e.target.checked)} />{' '}
            {t(KIND_LABEL[k])}
          </label>
        ))}
      </fieldset>
      {kinds.includes('extra_time') && (
        <div className="field">
          <label htmlFor={ids.minutes}>{t('accommodation.minutes')}</label>
          <input
            id={ids.minutes}
            className="input"
            type="number"
            min={1}
            max={600}
            inputMode="numeric"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.reason}>{t('accommodation.reason')}</label>
        <textarea
          id={ids.reason}
          className="input"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {error && (
        <p id={ids.error} className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        {busy ? t('accommodation.sending') : t('accommodation.send')}
      </button>
    </form>
  );
}
