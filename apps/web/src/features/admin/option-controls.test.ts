import { describe, expect, it } from 'vitest';
import { withoutOption } from './option-controls';

describe('withoutOption', () => {
  it('keeps the correct answer on the same option when an earlier one is removed', () => {
    expect(withoutOption({ options: ['a', 'b', 'c'], correctAnswer: 2 }, 0)).toEqual({
      options: ['b', 'c'],
      correctAnswer: 1,
    });
  });

  it('falls back to the first option when the correct one is removed', () => {
    expect(withoutOption({ options: ['a', 'b', 'c'], correctAnswer: 2 }, 2)).toEqual({
      options: ['a', 'b'],
      correctAnswer: 0,
    });
  });
});
