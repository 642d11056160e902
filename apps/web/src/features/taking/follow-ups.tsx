/**
 * Authorship follow-ups on "Test Submitted" (issue 44): for each problem the candidate submitted code for, up to
 * three short questions about their own code, each answered in writing before its time runs out.
 */
import type { TCandidateProblem, TCandidateSubmission, TFollowUp } from '@assessly/shared';
import { useState } from 'react';
import { useT } from '../../i18n/candidate-intl';
import { api, serverMessage } from '../../lib/api';
import { useCandidateAi } from './ai-api';
import './ai-panel.css';

export function FollowUps({
  testId,
  problems,
  submissions,
}: {
  testId: string;
  problems: TCandidateProblem[];
  submissions: TCandidateSubmission[] | undefined;
}) {
  const { t } = useT();
  const ai = useCandidateAi(testId);
  if (!ai.data?.followUps) return null;
  const submitted = problems.filter((p) => submissions?.some((s) => s.questionId === p.id));
  if (submitted.length === 0) return null;
  return (
    <section className="proctoring-record follow-ups" aria-labelledby="follow-ups-title" data-testid="follow-ups">
      <h2 id="follow-ups-title">{t('follow.title')}</h2>
      <p className="muted">{t('follow.intro', { minutes: 2 })}</p>
      {submitted.map((p) => (
        <ProblemFollowUps key={p.id} testId={testId} problem={p} />
      ))}
    </section>
  );
}

function ProblemFollowUps({ testId, problem }: { testId: string; problem: TCandidateProblem }) {
  const { t } = useT();
  const [list, setList] = useState<TFollowUp[] | null>(null);
  const [error, setError] = useState('');
  const open = async () => {
    setError('');
    try {
      setList(
        await api<TFollowUp[]>(`/api/attempts/${testId}/follow-ups`, {
          method: 'POST',
          body: { questionId: problem.id },
        }),
      );
    } catch (err) {
      setError(serverMessage(err, t('follow.failed')));
    }
  };
  return (
    <div className="follow-ups-problem">
      <h3>{problem.title}</h3>
      {list === null ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void open()}>
          {t('follow.start')}
        </button>
      ) : (
        <ol>
          {list.map((f) => (
            <FollowUpItem
              key={f.id}
              testId={testId}
              item={f}
              onSaved={(saved) => setList((l) => l?.map((x) => (x.id === saved.id ? saved : x)) ?? null)}
            />
          ))}
        </ol>
      )}
      {error && (
        <p className="alert alert-warning" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function FollowUpItem({ testId, item, onSaved }: { testId: string; item: TFollowUp; onSaved: (f: TFollowUp) => void }) {
  const { t, locale } = useT();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const id = `follow-${item.id}`;
  const due = new Date(item.dueAt).toLocaleTimeString(locale === 'en' ? undefined : locale);
  const send = async () => {
    setError('');
    try {
      onSaved(
        await api<TFollowUp>(`/api/attempts/${testId}/follow-ups/${item.id}`, {
          method: 'PUT',
          body: { answer: text },
        }),
      );
    } catch (err) {
      setError(serverMessage(err, t('follow.failed')));
    }
  };
  return (
    <li className="follow-ups-item">
      <p className="follow-ups-prompt">{item.prompt}</p>
      {item.answeredAt ? (
        <p>
          <strong>{t('follow.yourAnswer')}</strong> {item.answer}
        </p>
      ) : (
        <>
          <label htmlFor={id}>{t('follow.answerBy', { time: due })}</label>
          <textarea
            id={id}
            className="input"
            rows={3}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="button" className="btn btn-primary btn-sm" disabled={!text.trim()} onClick={() => void send()}>
            {t('follow.send')}
          </button>
        </>
      )}
      {error && (
        <p className="alert alert-warning" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
