/** An aptitude question as the builder and the editor hold it (correctAnswer is the option's index). */
export interface QuestionDraft {
  id: string;
  questionText: string;
  options: string[];
  correctAnswer: number;
  /** Multi-select (issue 25): the correct options' indexes, or null for a single-answer question. */
  correctAnswers: number[] | null;
  scoring: 'all' | 'partial';
  marks: number | '';
  explanation: string;
}
