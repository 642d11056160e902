/** Starter library: a multiple-answer question (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcTcpVsUdp: TStarterChoiceQuestion = {
  slug: 'mc-tcp-vs-udp',
  kind: 'choice',
  difficulty: 'medium',
  tags: ['networking'],
  questionText: 'Which of these does TCP provide and UDP does not?',
  options: ['Delivery in order', 'Retransmission of lost segments', 'Port numbers', 'Congestion control', 'Checksums'],
  explanation: "Both have ports and checksums; ordering, retransmission and congestion control are TCP's.",
  marks: 4,
  correctAnswers: [0, 1, 3],
  scoring: 'partial',
};
