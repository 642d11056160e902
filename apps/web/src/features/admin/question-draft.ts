/** An aptitude question as the builder and the editor hold it (correctAnswer is the option's index). */
export interface QuestionDraft {
  id: string;
  /** `text`: a written answer graded by a person against the rubric (issue 25); no options. */
  kind: 'choice' | 'text';
  rubric: string;
  questionText: string;
  options: string[];
  correctAnswer: number;
  /** Multi-select (issue 25): the correct options' indexes, or null for a single-answer question. */
  correctAnswers: number[] | null;
  scoring: 'all' | 'partial';
  marks: number | '';
  explanation: string;
}
