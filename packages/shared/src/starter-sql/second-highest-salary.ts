import type { TStarterSqlProblem } from './types';

/** Starter SQL problem (issue 25), written for Assessly; licence: CC BY 4.0. */
export const secondHighestSalary: TStarterSqlProblem = {
  slug: 'second-highest-salary',
  title: 'Second-highest salary per department',
  description: `For each department, find the second-highest distinct salary. Two people earning the same amount share a place: in a department paying 130, 130 and 110 the second-highest salary is 110. A department with fewer than two distinct salaries is left out.

Order the rows by department.`,
  constraints: [
    'Two columns: department, salary.',
    'Rows ordered by department.',
    'Salaries that are equal count once.',
  ],
  difficulty: 'medium',
  tags: ['sql', 'window-functions', 'subqueries'],
  marks: 20,
  schema: `CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  department TEXT NOT NULL,
  salary INTEGER NOT NULL
);`,
  orderMatters: true,
  examples: [
    {
      input: `INSERT INTO employees VALUES (1, 'Ada', 'eng', 120), (2, 'Bo', 'eng', 100), (3, 'Cy', 'eng', 90), (4, 'Di', 'ops', 70), (5, 'Ed', 'ops', 60);`,
      output: `eng|100
ops|60`,
    },
  ],
  testCases: [
    {
      input: `INSERT INTO employees VALUES (1, 'Fay', 'sales', 50), (2, 'Gus', 'hr', 40), (3, 'Hal', 'hr', 45);`,
      output: `hr|40`,
    },
    {
      input: `INSERT INTO employees VALUES (1, 'Ivy', 'eng', 130), (2, 'Jon', 'eng', 130), (3, 'Kai', 'eng', 110), (4, 'Lu', 'ops', 80), (5, 'Mo', 'ops', 80);`,
      output: `eng|110`,
    },
    {
      input: `INSERT INTO employees VALUES (1, 'Ned', 'eng', 100), (2, 'Oz', 'eng', 100), (3, 'Pia', 'eng', 100), (4, 'Quin', 'eng', 95), (5, 'Ria', 'legal', 99), (6, 'Sol', 'legal', 98), (7, 'Tam', 'legal', 98);`,
      output: `eng|95
legal|98`,
    },
  ],
  solution: `SELECT department, salary
FROM (
  SELECT DISTINCT department, salary,
         DENSE_RANK() OVER (PARTITION BY department ORDER BY salary DESC) AS r
  FROM employees
)
WHERE r = 2
ORDER BY department;`,
  /** A plausible wrong answer the hidden cases catch. */
  wrongSolution: `SELECT e.department,
       (SELECT salary FROM employees x WHERE x.department = e.department
        ORDER BY salary DESC LIMIT 1 OFFSET 1) AS salary
FROM employees e
GROUP BY e.department
HAVING salary IS NOT NULL
ORDER BY e.department;`,
};
