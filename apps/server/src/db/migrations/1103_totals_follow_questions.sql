-- One rule for totals (issue 46, modules/tests/test-totals.ts): a test that holds questions totals their marks,
-- and its pass mark is capped at that total. Tests saved before the rule may hold another total; bring them to it.
UPDATE tests AS u SET total_marks = s.total, passing_marks = LEAST(u.passing_marks, s.total)
FROM (
  SELECT t.id, (CASE WHEN t.test_type = 'CODING' THEN
      coalesce((SELECT sum(cp.marks) FROM coding_problems cp
                WHERE cp.id::text IN (SELECT jsonb_array_elements_text(t.question_ids))), 0)
    + coalesce((SELECT sum(wq.marks) FROM aptitude_questions wq
                WHERE wq.id::text IN (SELECT jsonb_array_elements_text(t.written_question_ids))), 0)
    ELSE coalesce((SELECT sum(q.marks) FROM aptitude_questions q
                WHERE q.id::text IN (SELECT jsonb_array_elements_text(t.question_ids))), 0) END)::int AS total
  FROM tests t
) s
WHERE u.id = s.id AND s.total > 0 AND (u.total_marks <> s.total OR u.passing_marks > s.total);
