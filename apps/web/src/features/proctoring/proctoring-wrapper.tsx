import type { ReactNode } from 'react';

/**
 * Wraps a test page with webcam proctoring (spec part 2 §2.2). Until the face feature lands it only
 * renders its children; its props are the contract the test pages use.
 */
export function ProctoringWrapper(props: { testId: string; attemptId: string | null; children: ReactNode }) {
  return <>{props.children}</>;
}
