/**
 * The employer's AI assistant settings of a test (issue 44): off, or explain / hints / full help, an instruction
 * added to the assistant's system prompt and a budget per candidate. When the server has no provider, the card
 * says which variables turn it on.
 */
import { AI_MODES, type TAiMode, type TAiSettings, type TAiSettingsView } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useCan } from '../auth/use-can';

const MODE_LABEL: Record<TAiMode, string> = {
  off: 'Off: no assistant',
  explain: 'Explain only: the problem and concepts, no solution code',
  hints: 'Hints: hints and short snippets, no complete solution',
  full: 'Full help: code included',
};

export function AiSettingsCard({ testId }: { testId: string }) {
  const can = useCan();
  const qc = useQueryClient();
  const key = ['test-ai', testId];
  const q = useQuery({ queryKey: key, queryFn: () => api<TAiSettingsView>(`/api/tests/${testId}/ai`) });
  const [draft, setDraft] = useState<TAiSettings | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data && !draft) {
      const { mode, instruction, maxMessages, maxTokens, followUps } = q.data;
      setDraft({ mode, instruction, maxMessages, maxTokens, followUps });
    }
  }, [q.data, draft]);
  if (!q.data || !draft) return null;
  const view = q.data;
  const editable = can('tests.author');
  const save = async () => {
    setMessage('');
    setErrors({});
    try {
      const saved = await api<TAiSettingsView>(`/api/tests/${testId}/ai`, { method: 'PUT', body: draft });
      qc.setQueryData(key, saved);
      setMessage('AI assistant settings saved.');
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      setMessage(err instanceof ApiError ? err.message : 'Could not save the settings.');
    }
  };
  const num = (v: string) => (v === '' ? 0 : Math.trunc(Number(v)));
  return (
    <section className="card ai-settings" aria-labelledby="ai-settings-title" data-testid="ai-settings">
      <h2 id="ai-settings-title">AI assistant</h2>
      {view.configured ? (
        <p className="field-hint">
          Candidates may get help from <strong>{view.model}</strong>. Every question and answer is stored and shown in
          the report; code inserted from it is marked in the playback.
        </p>
      ) : (
        <p className="alert alert-info" role="status">
          The AI assistant is off on this server. Set <code>{view.missing.join(' and ')}</code> (and{' '}
          <code>AI_API_KEY</code> if the provider needs one) in the server's environment to turn it on.
        </p>
      )}
      <fieldset className="field" disabled={!editable}>
        <legend>Assistant</legend>
        {AI_MODES.map((m) => (
          <label key={m} className="radio">
            <input
              type="radio"
              name="ai-mode"
              value={m}
              checked={draft.mode === m}
              onChange={() => setDraft({ ...draft, mode: m })}
            />{' '}
            {MODE_LABEL[m]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="ai-instruction">Instruction added to the assistant's rules (optional)</label>
        <textarea
          id="ai-instruction"
          className="input"
          rows={3}
          maxLength={2000}
          value={draft.instruction}
          disabled={!editable}
          aria-invalid={!!errors.instruction}
          onChange={(e) => setDraft({ ...draft, instruction: e.target.value })}
        />
        {errors.instruction && <p className="field-error">{errors.instruction}</p>}
      </div>
      <div className="field">
        <label htmlFor="ai-max-messages">Questions per candidate</label>
        <input
          id="ai-max-messages"
          className="input"
          type="number"
          min={1}
          max={200}
          value={draft.maxMessages}
          disabled={!editable}
          aria-invalid={!!errors.maxMessages}
          onChange={(e) => setDraft({ ...draft, maxMessages: num(e.target.value) })}
        />
        {errors.maxMessages && <p className="field-error">{errors.maxMessages}</p>}
      </div>
      <div className="field">
        <label htmlFor="ai-max-tokens">Tokens per candidate (questions and answers together)</label>
        <input
          id="ai-max-tokens"
          className="input"
          type="number"
          min={100}
          max={500000}
          value={draft.maxTokens}
          disabled={!editable}
          aria-invalid={!!errors.maxTokens}
          onChange={(e) => setDraft({ ...draft, maxTokens: num(e.target.value) })}
        />
        {errors.maxTokens && <p className="field-error">{errors.maxTokens}</p>}
      </div>
      <div className="field">
        <label>
          <input
            type="checkbox"
            checked={draft.followUps}
            disabled={!editable}
            onChange={(e) => setDraft({ ...draft, followUps: e.target.checked })}
          />{' '}
          Authorship follow-ups: after submitting, the candidate answers up to three short questions about their own
          code (
          {view.configured
            ? 'written by the assistant from the code, else by rules; '
            : 'built from the code by rules; '}
          two minutes each)
        </label>
      </div>
      {editable && (
        <button type="button" className="btn btn-primary" onClick={() => void save()}>
          Save AI settings
        </button>
      )}
      {message && (
        <p className="field-hint" role="status">
          {message}
        </p>
      )}
    </section>
  );
}
