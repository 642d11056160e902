import type { TStarterSqlProblem } from './types';

/** Starter SQL problem (issue 25), written for Assessly; licence: CC BY 4.0. */
export const filmReviewSummary: TStarterSqlProblem = {
  slug: 'film-review-summary',
  title: 'Film review summary',
  description: `For every film, show its title, how many reviews it has and its average number of stars rounded to two decimals. A film nobody has reviewed still appears, with 0 reviews and no average (NULL).

Order the rows by title.`,
  constraints: [
    'Three columns: title, number of reviews, average stars (ROUND(..., 2)).',
    'Rows ordered by title.',
    'Films without reviews are listed.',
  ],
  difficulty: 'easy',
  tags: ['sql', 'joins', 'aggregation'],
  marks: 10,
  schema: `CREATE TABLE films (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL
);
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  film_id INTEGER NOT NULL REFERENCES films(id),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5)
);`,
  orderMatters: true,
  examples: [
    {
      input: `INSERT INTO films VALUES (1, 'Arrival'), (2, 'Brazil'), (3, 'Coco');
INSERT INTO reviews VALUES (1, 1, 5), (2, 1, 4), (3, 3, 3);`,
      output: `Arrival|2|4.5
Brazil|0|NULL
Coco|1|3.0`,
    },
  ],
  testCases: [
    {
      input: `INSERT INTO films VALUES (1, 'Up');
INSERT INTO reviews VALUES (1, 1, 1), (2, 1, 2), (3, 1, 2);`,
      output: `Up|3|1.67`,
    },
    {
      input: `INSERT INTO films VALUES (1, 'Heat'), (2, 'Alien'), (3, 'Big');
INSERT INTO reviews VALUES (1, 2, 5);`,
      output: `Alien|1|5.0
Big|0|NULL
Heat|0|NULL`,
    },
    {
      input: `INSERT INTO films VALUES (1, 'Solo'), (2, 'Rocky');`,
      output: `Rocky|0|NULL
Solo|0|NULL`,
    },
  ],
  solution: `SELECT f.title, COUNT(r.id) AS reviews, ROUND(AVG(r.stars), 2) AS average
FROM films f
LEFT JOIN reviews r ON r.film_id = f.id
GROUP BY f.id
ORDER BY f.title;`,
  /** A plausible wrong answer the hidden cases catch. */
  wrongSolution: `SELECT f.title, COUNT(*) AS reviews, ROUND(AVG(r.stars), 2) AS average
FROM films f
JOIN reviews r ON r.film_id = f.id
GROUP BY f.id
ORDER BY f.title;`,
};
