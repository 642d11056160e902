/**
 * The interviewers' side of the room: private notes (a second shared document the candidate's socket can never
 * open), the scorecard (never sent to the candidate) and End interview.
 */
import { RECOMMENDATIONS, type TInterviewRoom, type TScorecard } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../app/alert';
import { serverMessage } from '../../lib/api';
import { interviewsApi } from './interviews-api';
import { ProblemControls } from './problem-controls';
import { SharedEditor } from './shared-editor';
import { useRoomDoc } from './use-room';

const RECOMMENDATION_TEXT: Record<(typeof RECOMMENDATIONS)[number], string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};
const DEFAULT_CRITERIA = ['Problem solving', 'Code quality', 'Communication'];

export interface InterviewerPanelProps {
  interviewId: string;
  room: TInterviewRoom;
  ended: boolean;
  language: string;
  getCode: () => string;
  revealedId: string | null;
  loadStarter: (code: string) => void;
}

export function InterviewerPanel({
  interviewId,
  room,
  ended,
  language,
  getCode,
  revealedId,
  loadStarter,
}: InterviewerPanelProps) {
  const notes = useRoomDoc(interviewId, 'notes', null, room);
  const detail = useQuery({ queryKey: ['interview', interviewId], queryFn: () => interviewsApi.read(interviewId) });
  const queryClient = useQueryClient();
  const [endError, setEndError] = useState<string | null>(null);
  const end = async () => {
    if (!window.confirm('End the interview for everyone? The room becomes read-only.')) return;
    try {
      await interviewsApi.end(interviewId);
      await queryClient.invalidateQueries({ queryKey: ['interview', interviewId] });
    } catch (err) {
      setEndError(serverMessage(err, 'The interview could not be ended. Check your connection.'));
    }
  };
  return (
    <aside className="iv-side" aria-label="Interviewer panel">
      {room.role === 'interviewer' && !ended && (
        <ProblemControls
          interviewId={interviewId}
          language={language}
          getCode={getCode}
          revealedId={revealedId}
          loadStarter={loadStarter}
        />
      )}
      <section aria-labelledby="iv-notes-title">
        <h2 id="iv-notes-title" className="iv-subtitle">
          Private notes <span className="muted">(interviewers only)</span>
        </h2>
        {notes.connection && (
          <SharedEditor
            text={notes.connection.doc.getText('code')}
            awareness={notes.connection.awareness}
            language="plaintext"
            readOnly={ended || room.role !== 'interviewer'}
            label="Private interviewer notes"
            height={160}
          />
        )}
      </section>
      {detail.isPending && <p className="muted">Loading the scorecard…</p>}
      {detail.isError && <ErrorAlert message={serverMessage(detail.error, 'The scorecard could not be loaded.')} />}
      {detail.data && (
        <ScorecardForm
          interviewId={interviewId}
          initial={detail.data.scorecard}
          readOnly={room.role !== 'interviewer'}
        />
      )}
      {room.role === 'interviewer' && !ended && (
        <>
          <button type="button" className="btn btn-danger" onClick={end}>
            End interview
          </button>
          <ErrorAlert message={endError} />
        </>
      )}
    </aside>
  );
}

function ScorecardForm({
  interviewId,
  initial,
  readOnly,
}: {
  interviewId: string;
  initial: TScorecard | null;
  readOnly: boolean;
}) {
  // unrated until the interviewer chooses: a preset score would be a rating nobody gave
  const [ratings, setRatings] = useState<{ criterion: string; score: number | null }[]>(
    initial?.ratings ?? DEFAULT_CRITERIA.map((criterion) => ({ criterion, score: null })),
  );
  const [recommendation, setRecommendation] = useState<TScorecard['recommendation'] | ''>(
    initial?.recommendation ?? '',
  );
  const [summary, setSummary] = useState(initial?.summary ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaved(null);
    const unrated = ratings.filter((r) => r.score === null).map((r) => r.criterion);
    if (unrated.length > 0) {
      setError(`Rate every criterion: ${unrated.join(', ')}.`);
      return;
    }
    if (!recommendation) {
      setError('Choose a recommendation.');
      return;
    }
    setSaving(true);
    try {
      await interviewsApi.saveScorecard(interviewId, {
        ratings: ratings.map((r) => ({ criterion: r.criterion, score: r.score ?? 0 })),
        recommendation,
        summary,
      });
      setSaved('Scorecard saved.');
    } catch (err) {
      setError(serverMessage(err, 'The scorecard could not be saved. Check your connection.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="iv-scorecard" onSubmit={save} aria-labelledby="iv-score-title">
      <h2 id="iv-score-title" className="iv-subtitle">
        Scorecard <span className="muted">(never shown to the candidate)</span>
      </h2>
      {ratings.map((r, i) => (
        <div className="field" key={r.criterion}>
          <label htmlFor={`iv-score-${i}`}>{r.criterion} (1–5)</label>
          <select
            id={`iv-score-${i}`}
            value={r.score ?? ''}
            disabled={readOnly}
            aria-invalid={(error?.startsWith('Rate every criterion') && r.score === null) || undefined}
            onChange={(e) =>
              setRatings((list) =>
                list.map((x, j) =>
                  j === i ? { ...x, score: e.target.value === '' ? null : Number(e.target.value) } : x,
                ),
              )
            }
          >
            <option value="">Not rated</option>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="field">
        <label htmlFor="iv-recommendation">Recommendation</label>
        <select
          id="iv-recommendation"
          value={recommendation}
          disabled={readOnly}
          aria-invalid={error === 'Choose a recommendation.' || undefined}
          onChange={(e) => setRecommendation(e.target.value as TScorecard['recommendation'])}
        >
          <option value="">Choose…</option>
          {RECOMMENDATIONS.map((r) => (
            <option key={r} value={r}>
              {RECOMMENDATION_TEXT[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="iv-summary">Summary</label>
        <textarea
          id="iv-summary"
          rows={4}
          maxLength={5000}
          value={summary}
          disabled={readOnly}
          onChange={(e) => setSummary(e.target.value)}
        />
      </div>
      <ErrorAlert message={error} />
      <SuccessAlert message={saved} />
      {!readOnly && (
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save scorecard'}
        </button>
      )}
    </form>
  );
}
