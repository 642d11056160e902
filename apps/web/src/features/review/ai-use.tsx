/**
 * The reviewer's "AI use" (issue 44): the rules the test set, every exchange with its moment in the replay,
 * and how much of each final code came from the assistant. Answers show as text, never as HTML.
 */
import type { TAiMode, TAiReview } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

const MODE: Record<TAiMode, string> = {
  off: 'off',
  explain: 'explain only (no solution code)',
  hints: 'hints and short snippets',
  full: 'full help, code included',
};

export function useAiUse(attemptId: string) {
  return useQuery({
    queryKey: ['review-ai', attemptId],
    queryFn: () => api<TAiReview>(`/api/review/attempts/${attemptId}/ai`),
    retry: false,
  });
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function AiUseSection({
  attemptId,
  titleOf,
  onShow,
}: {
  attemptId: string;
  titleOf: (questionId: string) => string;
  /** Shows the moment in the replay (on the playback page). */
  onShow?: (at: number, questionId: string | null) => void;
}) {
  const q = useAiUse(attemptId);
  if (q.isPending) return null;
  if (q.isError) {
    return (
      <section className="card rv-section" aria-labelledby="ai-use-h">
        <h2 id="ai-use-h">AI use</h2>
        <p className="alert alert-error">The AI use could not be loaded: {q.error.message}</p>
      </section>
    );
  }
  const { settings, exchanges, streams, followUps } = q.data;
  const tokens = exchanges.reduce((n, e) => n + e.promptTokens + e.completionTokens, 0);
  return (
    <section className="card rv-section" aria-labelledby="ai-use-h" data-testid="ai-use">
      <h2 id="ai-use-h">AI use</h2>
      <p>
        Rules of this test: assistant <strong>{MODE[settings.mode]}</strong>
        {settings.mode !== 'off' && (
          <>
            , up to {settings.maxMessages} questions and {settings.maxTokens} tokens per candidate
          </>
        )}
        {settings.instruction && <>; instruction: “{settings.instruction}”</>}
        {settings.followUps && <>; authorship follow-ups on</>}.
      </p>
      {exchanges.length === 0 ? (
        <p>The candidate did not ask the assistant.</p>
      ) : (
        <p>
          {exchanges.length} question{exchanges.length === 1 ? '' : 's'} asked, {tokens} tokens.
        </p>
      )}
      {streams.some((s) => s.insertions > 0) && (
        <ul>
          {streams
            .filter((s) => s.insertions > 0)
            .map((s) => (
              <li key={`${s.questionId}-${s.language}`} data-testid="ai-share">
                {titleOf(s.questionId)} ({s.language}): {s.assistantChars} of the {s.finalChars} non-blank characters of
                the final code came from {s.insertions} insertion{s.insertions === 1 ? '' : 's'} from the assistant
                {s.finalChars > 0 ? ` (${Math.round((100 * s.assistantChars) / s.finalChars)} %)` : ''}.
              </li>
            ))}
        </ul>
      )}
      <ol className="ai-transcript">
        {exchanges.map((e) => (
          <li key={e.id} className="ai-transcript-item">
            <p>
              <strong>{clock(e.at)}</strong> ({formatDateTime(e.askedAt)})
              {e.questionId ? `, ${titleOf(e.questionId)}` : ''}, {e.model}, {e.promptTokens + e.completionTokens}{' '}
              tokens
              {onShow && (
                <>
                  {' '}
                  <button type="button" className="btn btn-link" onClick={() => onShow(e.at, e.questionId)}>
                    Show in the replay
                  </button>
                </>
              )}
            </p>
            <p className="ai-transcript-q">
              <strong>Candidate:</strong> {e.question}
            </p>
            <pre className="ai-transcript-a">{e.answer || '(no answer)'}</pre>
            {e.error && <p className="field-hint">Failed: {e.error}</p>}
          </li>
        ))}
      </ol>
      {followUps.length > 0 && (
        <>
          <h3>Authorship follow-ups</h3>
          <ol data-testid="follow-ups-review">
            {followUps.map((f) => (
              <li key={f.id} className="ai-transcript-item">
                <p className="ai-transcript-q">
                  <strong>{titleOf(f.questionId)}</strong> (
                  {f.source === 'model' ? 'written by the assistant' : 'built by rules'}, answer due{' '}
                  {formatDateTime(f.dueAt)}): {f.prompt}
                </p>
                <p>
                  {f.answer ? (
                    <>
                      <strong>Answer</strong> ({formatDateTime(f.answeredAt)}): {f.answer}
                    </>
                  ) : (
                    'Not answered in time.'
                  )}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
