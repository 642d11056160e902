import { describe, expect, it } from 'vitest';
import {
  resolveCorrectAnswer,
  validateAptitudeQuestions,
  validateCodingProblems,
  ZCodingProblemInput,
  ZTestCreate,
} from './tests';

describe('resolveCorrectAnswer', () => {
  it('takes an index, an option text, or a digit string that names an index', () => {
    const opts = ['Red', 'Green', ' Blue ', '7'];
    expect(resolveCorrectAnswer(opts, 1)).toBe(1);
    expect(resolveCorrectAnswer(opts, 'Green')).toBe(1);
    expect(resolveCorrectAnswer(opts, 'Blue')).toBe(2);
    expect(resolveCorrectAnswer(opts, '7')).toBe(3);
    expect(resolveCorrectAnswer(opts, '0')).toBe(0);
    expect(resolveCorrectAnswer(opts, 4)).toBeNull();
    expect(resolveCorrectAnswer(opts, 'Purple')).toBeNull();
  });
});

describe('the builders’ save rules', () => {
  it('lists every aptitude error, numbered from 1', () => {
    expect(
      validateAptitudeQuestions([
        { questionText: 'ok', options: ['a', 'b'], marks: 5, correctAnswer: 0 },
        { questionText: '', options: ['a', ''], marks: 0 },
      ]),
    ).toEqual([
      'Question 2: Question text is required',
      'Question 2: All options must be filled',
      'Question 2: Marks must be greater than 0',
    ]);
  });
  it('refuses more than six options (issue 26)', () => {
    expect(
      validateAptitudeQuestions([
        { questionText: 'q', options: ['1', '2', '3', '4', '5', '6', '7'], correctAnswer: 0 },
      ]),
    ).toEqual(['Question 1: A question can have at most 6 options']);
    expect(validateAptitudeQuestions([{ questionText: 'q', options: ['True', 'False'], correctAnswer: 0 }])).toEqual(
      [],
    );
  });

  it('lets missing marks take the default but refuses zero and an answer outside the options', () => {
    expect(validateAptitudeQuestions([{ questionText: 'q', options: ['a', 'b'], correctAnswer: 1 }])).toEqual([]);
    expect(
      validateAptitudeQuestions([{ questionText: 'q', options: ['a', 'b'], correctAnswer: 'c', marks: '0' }]),
    ).toEqual([
      'Question 1: Marks must be greater than 0',
      'Question 1: The correct answer must be one of the options',
    ]);
  });
  it('stops at the first coding error and says which problem', () => {
    const good = {
      title: 'T',
      description: 'D',
      examples: [{ input: '1', output: '1' }],
      testCases: [{ input: '1', output: '1' }],
      constraints: ['c'],
    };
    expect(validateCodingProblems([good, { ...good, constraints: [' '] }, { ...good, title: '' }])).toEqual({
      index: 2,
      message: 'Question 3: Title is required',
    });
    expect(validateCodingProblems([good])).toBeNull();
  });
  it('drops blank constraint rows and accepts a problem without constraints (issue 46)', () => {
    const good = {
      title: 'T',
      description: 'D',
      examples: [{ input: '1', output: '1' }],
      testCases: [{ input: '1', output: '1' }],
    };
    expect(
      validateCodingProblems([
        { ...good, constraints: [' ', ''] },
        { ...good, constraints: [] },
      ]),
    ).toBeNull();
    expect(ZCodingProblemInput.parse({ ...good, constraints: ['a', ' ', '', 'b'] }).constraints).toEqual(['a', 'b']);
    expect(ZCodingProblemInput.parse({ ...good, constraints: [''] }).constraints).toEqual([]);
    expect(ZCodingProblemInput.parse(good).constraints).toEqual([]);
  });
});

describe('ZTestCreate', () => {
  it('applies the spec defaults and coerces form strings', () => {
    expect(ZTestCreate.parse({ testName: 'x' })).toMatchObject({
      testType: 'APTITUDE',
      duration: 60,
      totalMarks: 100,
      passingMarks: 40,
    });
    expect(ZTestCreate.parse({ testName: 'x', duration: '90', testType: 'coding' })).toMatchObject({
      duration: 90,
      testType: 'CODING',
    });
  });
});
