/** Starter library: a single-answer question (medium). Written for Assessly; CC BY 4.0 (see LICENSE.md). */
import type { TStarterChoiceQuestion } from './types';

export const mcGitRebase: TStarterChoiceQuestion = {
  slug: 'mc-git-rebase',
  kind: 'choice',
  difficulty: 'medium',
  tags: ['git', 'tools'],
  questionText: 'What does `git rebase main` do on a feature branch?',
  options: [
    'Merges main into the branch with a merge commit',
    "Replays the branch's own commits on top of the tip of main",
    'Deletes the commits that main does not have',
    'Pushes the branch to main',
  ],
  explanation: "Rebase rewrites the branch: its commits are re-applied one by one after main's latest commit.",
  marks: 4,
  correctAnswer: 1,
};
