import type { TStarterSqlProblem } from './types';

/** Starter SQL problem (issue 25), written for Assessly; licence: CC BY 4.0. */
export const runningBalance: TStarterSqlProblem = {
  slug: 'running-balance',
  title: 'Running balance per account',
  description: `Each row of \`transactions\` moves money in or out of an account on a day (ISO dates, as text). Several transactions may share a day; on the same day they apply in the order of their id.

For every transaction, show its id, account, amount and the account's balance right after it. Order the rows by account, then day, then id.`,
  constraints: [
    'Four columns: id, account, amount, balance.',
    'Rows ordered by account, day, id.',
    'Balances start at 0.',
  ],
  difficulty: 'medium',
  tags: ['sql', 'window-functions'],
  marks: 20,
  schema: `CREATE TABLE transactions (
  id INTEGER PRIMARY KEY,
  account TEXT NOT NULL,
  day TEXT NOT NULL,
  amount INTEGER NOT NULL
);`,
  orderMatters: true,
  examples: [
    {
      input: `INSERT INTO transactions VALUES (1, 'A', '2024-01-01', 100), (2, 'A', '2024-01-03', -30), (3, 'B', '2024-01-02', 50), (4, 'A', '2024-01-02', 20);`,
      output: `1|A|100|100
4|A|20|120
2|A|-30|90
3|B|50|50`,
    },
  ],
  testCases: [
    {
      input: `INSERT INTO transactions VALUES (1, 'X', '2024-05-01', 10), (2, 'X', '2024-05-01', 5), (3, 'X', '2024-05-02', -7);`,
      output: `1|X|10|10
2|X|5|15
3|X|-7|8`,
    },
    {
      input: `INSERT INTO transactions VALUES (5, 'Q', '2024-02-10', 40), (2, 'Q', '2024-02-10', -15), (9, 'P', '2024-02-01', 1), (3, 'P', '2024-02-03', 2), (4, 'P', '2024-02-03', 3);`,
      output: `9|P|1|1
3|P|2|3
4|P|3|6
2|Q|-15|-15
5|Q|40|25`,
    },
    { input: `INSERT INTO transactions VALUES (1, 'Z', '2023-12-31', 0);`, output: `1|Z|0|0` },
  ],
  solution: `SELECT id, account, amount,
       SUM(amount) OVER (
         PARTITION BY account ORDER BY day, id
         ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
       ) AS balance
FROM transactions
ORDER BY account, day, id;`,
  /** A plausible wrong answer the hidden cases catch. */
  wrongSolution: `SELECT id, account, amount,
       SUM(amount) OVER (PARTITION BY account ORDER BY day) AS balance
FROM transactions
ORDER BY account, day, id;`,
};
