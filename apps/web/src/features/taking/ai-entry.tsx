/** Issue 44: what the entry page says about the AI assistant (allowed or not, its rules, what is recorded). */
import { useT } from '../../i18n/candidate-intl';
import { useCandidateAi } from './ai-api';

/** The entry page's line about the assistant: allowed or not, its mode and budget, and what is recorded. */
export function AiEntryNotice({ testId }: { testId: string }) {
  const { t } = useT();
  const ai = useCandidateAi(testId);
  if (!ai.data) return null;
  const d = ai.data;
  return (
    <div className="ai-entry" data-testid="ai-entry">
      <h3>{t('ai.entryTitle')}</h3>
      <p>
        {d.available
          ? t('ai.entryAllowed', { mode: d.mode, n: d.maxMessages, tokens: d.maxTokens })
          : t('ai.entryNotAllowed')}
      </p>
      {d.available && <p className="muted">{t('ai.recorded')}</p>}
    </div>
  );
}
