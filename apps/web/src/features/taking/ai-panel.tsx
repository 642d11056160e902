/**
 * The candidate's AI assistant panel beside the editor (issue 44): ask, read the answer as it streams, insert a
 * code block into the editor (recorded as an `assistant` edit). A provider that is down or slow only shows a
 * message here: the test and its clock go on.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { serverMessage } from '../../lib/api';
import { aiKey, askAssistant, useCandidateAi } from './ai-api';
import { AnswerText } from './ai-markdown';
import './ai-panel.css';

interface Exchange {
  question: string;
  answer: string;
  error: string;
  done: boolean;
}

export interface AiPanelProps {
  testId: string;
  questionId: string;
  language: string;
  currentCode: () => string;
  onInsert: (code: string) => void;
  locked: boolean;
  onClose: () => void;
}

export function AiPanel({ testId, questionId, language, currentCode, onInsert, locked, onClose }: AiPanelProps) {
  const { t } = useT();
  const qc = useQueryClient();
  const ai = useCandidateAi(testId);
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const info = ai.data;
  const left = info ? Math.max(0, info.maxMessages - info.usedMessages) : 0;
  const tokensLeft = info ? Math.max(0, info.maxTokens - info.usedTokens) : 0;
  const update = (i: number, change: Partial<Exchange> | ((e: Exchange) => Partial<Exchange>)) =>
    setExchanges((list) =>
      list.map((e, j) => (j === i ? { ...e, ...(typeof change === 'function' ? change(e) : change) } : e)),
    );

  const ask = async () => {
    const q = question.trim();
    if (!q || busy) return;
    const i = exchanges.length;
    setExchanges((list) => [...list, { question: q, answer: '', error: '', done: false }]);
    setQuestion('');
    setBusy(true);
    abort.current = new AbortController();
    try {
      const outcome = await askAssistant(
        testId,
        { question: q, questionId, language, code: currentCode() },
        (text) => update(i, (e) => ({ answer: e.answer + text })),
        abort.current.signal,
      );
      update(i, { done: true, error: outcome.ok ? '' : outcome.message });
    } catch (err) {
      update(i, { done: true, error: serverMessage(err, t('ai.unreachable')) });
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: aiKey(testId) });
    }
  };

  return (
    <aside className="ai-panel" aria-labelledby="ai-panel-title">
      <header className="ai-panel-head">
        <h2 id="ai-panel-title">{t('ai.title')}</h2>
        <button type="button" className="btn btn-link btn-sm" onClick={onClose}>
          {t('ai.hide')}
        </button>
      </header>
      {info && (
        <p className="muted ai-panel-rules" data-testid="ai-budget">
          {t('ai.mode', { mode: info.mode })} {t('ai.left', { n: left, tokens: tokensLeft })}
        </p>
      )}
      <p className="muted ai-panel-rules">{t('ai.recorded')}</p>
      <ol className="ai-thread" aria-live="polite">
        {exchanges.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the thread only grows
          <li key={i} className="ai-exchange">
            <p className="ai-question">
              <strong>{t('ai.you')}</strong> {e.question}
            </p>
            {/* Insert waits for the whole answer: the server stores it first, and checks an insert against it */}
            {e.answer ? (
              <AnswerText
                markdown={e.answer}
                insertLabel={t('ai.insert')}
                onInsert={onInsert}
                canInsert={!locked && e.done}
              />
            ) : (
              !e.done && <p className="muted">{t('ai.thinking')}</p>
            )}
            {e.error && (
              <p className="alert alert-warning" role="alert">
                {e.error}
              </p>
            )}
          </li>
        ))}
      </ol>
      <form
        className="ai-ask"
        onSubmit={(ev) => {
          ev.preventDefault();
          void ask();
        }}
      >
        <label htmlFor="ai-question">{t('ai.askLabel')}</label>
        <textarea
          id="ai-question"
          className="input"
          rows={3}
          maxLength={4000}
          value={question}
          onChange={(ev) => setQuestion(ev.target.value)}
          disabled={locked}
        />
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={locked || busy || !question.trim() || left === 0}
        >
          {busy ? t('ai.asking') : t('ai.ask')}
        </button>
      </form>
    </aside>
  );
}
