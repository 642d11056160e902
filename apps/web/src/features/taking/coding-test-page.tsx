/**
 * /code/{testId}: the candidate coding environment (spec part 2 §2.1, §4, §9). The attempt, its deadline
 * and the saved drafts come from the server; the environment (coding-environment.tsx) and the editor are loaded
 * lazily after the start screen. Only one tab works on an attempt at a time (one-tab.tsx); drafts carry
 * revisions, so a stale tab never overwrites code.
 */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { RequireUser } from '../auth/guards';
import { LoadingScreen } from './screens';
import { TakeGate } from './take-gate';
import './taking.css';

const CodingEnvironment = lazy(() => import('./coding-environment'));

/** The route: signed-in users only (a visitor goes to /login and comes back). */
export function CodingTestRoute() {
  return (
    <RequireUser>
      <CodingTestPage />
    </RequireUser>
  );
}

export function CodingTestPage() {
  const { testId = '' } = useParams();
  return (
    <TakeGate testId={testId} type="CODING">
      {(t) => (
        <Suspense fallback={<LoadingScreen />}>
          <CodingEnvironment testId={testId} {...t} />
        </Suspense>
      )}
    </TakeGate>
  );
}
