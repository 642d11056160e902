import { z } from 'zod';

/** How a problem's expected output is compared with a program's (the judge's compare.ts implements them). */
export const COMPARISON_MODES = ['token', 'case-insensitive', 'exact', 'float'] as const;
export type TComparisonMode = (typeof COMPARISON_MODES)[number];
export const ZComparisonMode = z.enum(COMPARISON_MODES, { error: 'Choose how output is compared' });

/** Float mode without a tolerance compares with this one (absolute and relative). */
export const DEFAULT_FLOAT_TOLERANCE = 1e-6;

export const COMPARISON_LABELS: Record<TComparisonMode, string> = {
  token: 'Token by token (default)',
  'case-insensitive': 'Token by token, ignoring case',
  exact: 'Exact (byte for byte)',
  float: 'Numbers with a tolerance',
};

/** The sentence shown to candidates under a problem, and to authors beside the setting. */
export function describeComparison(mode: TComparisonMode, floatTolerance: number | null | undefined): string {
  const spacing =
    'any run of spaces, tabs or newlines separates tokens, and leading or trailing whitespace and blank lines never matter';
  switch (mode) {
    case 'case-insensitive':
      return `Output is compared token by token, ignoring upper and lower case: ${spacing}.`;
    case 'exact':
      return 'Output is compared exactly, byte for byte: only a missing or extra final newline is forgiven, so every space and line counts.';
    case 'float': {
      const t = floatTolerance && floatTolerance > 0 ? floatTolerance : DEFAULT_FLOAT_TOLERANCE;
      return `Output is compared token by token (${spacing}); numbers are accepted within an absolute or relative error of ${t} (nan, inf and -inf are read as numbers, in any case). Other tokens must match exactly.`;
    }
    default:
      return `Output is compared token by token: ${spacing}. Upper and lower case count.`;
  }
}
