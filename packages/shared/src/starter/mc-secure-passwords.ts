/** Starter library: a multiple-answer question (hard). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcSecurePasswords: TStarterChoiceQuestion = {
  slug: 'mc-secure-passwords',
  kind: 'choice',
  difficulty: 'hard',
  tags: ['security'],
  questionText: 'Which are sound ways to store user passwords?',
  options: [
    'argon2id with a per-user salt',
    'bcrypt with a cost factor',
    'SHA-256 of the password',
    'AES encryption with a key in the config file',
    'Plain text in a restricted column',
  ],
  explanation: 'Slow, salted password hashes resist offline guessing; a fast hash or reversible encryption does not.',
  marks: 6,
  correctAnswers: [0, 1],
  scoring: 'all',
};
