import {
  ADDED_STARTER_CODE,
  LANGUAGE_META,
  SQL_STARTER,
  type TAnswerLanguage,
  type TCodeLanguage,
} from '@assessly/shared';

/** Built-in templates (read stdin, write stdout) used when a problem has no starter code of its own. */
export const DEFAULT_STARTERS: Record<TCodeLanguage, string> = {
  javascript: `const lines = require('fs').readFileSync(0, 'utf8').trim().split('\\n');

// Write your solution here
console.log(lines[0]);
`,
  python: `import sys

def main():
    data = sys.stdin.read().split()
    # Write your solution here
    print(data)

main()
`,
  java: `import java.util.*;

public class Main {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        // Write your solution here
    }
}
`,
  cpp: `#include <bits/stdc++.h>
using namespace std;

int main() {
    // Write your solution here
    return 0;
}
`,
  typescript: `const input: string = require('fs').readFileSync(0, 'utf8').trim();

// Write your solution here
console.log(input);
`,
  ...ADDED_STARTER_CODE,
};

export function starterFor(starterCode: Record<string, string>, language: TAnswerLanguage): string {
  if (language === 'sql') return SQL_STARTER;
  return starterCode[language] ?? DEFAULT_STARTERS[language];
}

export const LANGUAGE_LABELS: Record<TCodeLanguage, string> = Object.fromEntries(
  Object.entries(LANGUAGE_META).map(([id, meta]) => [id, meta.label]),
) as Record<TCodeLanguage, string>;
