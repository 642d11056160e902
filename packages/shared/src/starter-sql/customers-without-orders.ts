import type { TStarterSqlProblem } from './types';

/** Starter SQL problem (issue 25), written for Assessly; licence: CC BY 4.0. */
export const customersWithoutOrders: TStarterSqlProblem = {
  slug: 'customers-without-orders',
  title: 'Customers without orders',
  description: `A shop keeps its customers and their orders in two tables. Some orders were imported from an old system and have no customer (their \`customer_id\` is NULL).

List the name of every customer who has never placed an order.`,
  constraints: [
    "One column: the customer's name.",
    'Any row order.',
    'An order whose customer_id is NULL belongs to nobody.',
  ],
  difficulty: 'easy',
  tags: ['sql', 'joins', 'null-handling'],
  marks: 10,
  schema: `CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(id),
  amount INTEGER NOT NULL
);`,
  orderMatters: false,
  examples: [
    {
      input: `INSERT INTO customers VALUES (1, 'Ana', 'Lisbon'), (2, 'Ben', 'Leeds'), (3, 'Chen', NULL);
INSERT INTO orders VALUES (1, 1, 30), (2, 1, 12);`,
      output: `Ben
Chen`,
    },
    {
      input: `INSERT INTO customers VALUES (1, 'Ola', 'Oslo'), (2, 'Per', 'Bergen');
INSERT INTO orders VALUES (1, 2, 5);`,
      output: `Ola`,
    },
  ],
  testCases: [
    {
      input: `INSERT INTO customers VALUES (1, 'Kim', 'Seoul'), (2, 'Lee', 'Busan'), (3, 'Park', 'Seoul');
INSERT INTO orders VALUES (1, 1, 40), (2, NULL, 15);`,
      output: `Lee
Park`,
    },
    {
      input: `INSERT INTO customers VALUES (1, 'Zoe', 'Paris'), (2, 'Abe', 'Lyon');`,
      output: `Abe
Zoe`,
    },
    {
      input: `INSERT INTO customers VALUES (1, 'Raj', 'Pune');
INSERT INTO orders VALUES (1, 1, 1), (2, 1, 2), (3, 1, 3);
INSERT INTO customers VALUES (2, 'Sam', 'Goa');`,
      output: `Sam`,
    },
  ],
  solution: `SELECT c.name
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id
WHERE o.id IS NULL
ORDER BY c.name;`,
  /** A plausible wrong answer the hidden cases catch. */
  wrongSolution: `SELECT name FROM customers
WHERE id NOT IN (SELECT customer_id FROM orders)
ORDER BY name;`,
};
