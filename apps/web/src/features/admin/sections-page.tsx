/**
 * /admin/tests/{id}/sections (issue 46): one test, any mix of kinds. The employer makes the test a list of sections,
 * each of one kind (coding problems of any kind, single-select, multi-select or written questions), adds items of
 * that kind from the company's library, orders sections and items, and may give a section minutes of its own.
 * Saved at once with the test's version (PUT /api/tests/{id}/sections); the total follows the items' marks.
 */
import {
  SECTION_KIND_LABELS,
  SECTION_KINDS,
  type TAptitudeQuestion,
  type TCodingProblem,
  type TSection,
  type TSectionKind,
  type TTest,
} from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError, api } from '../../lib/api';
import { useProblemBank, useQuestionBank, useTestWithQuestions } from './admin-api';
import { moveItem, previewText } from './admin-helpers';
import { EditorLoadError } from './editor-parts';

interface Draft {
  key: string;
  id?: string;
  title: string;
  kind: TSectionKind;
  itemIds: string[];
  minutes: string;
}

let nextKey = 0;
const keyed = (s: Omit<Draft, 'key'>): Draft => ({ ...s, key: `s${++nextKey}` });

function kindOf(q: TAptitudeQuestion): TSectionKind {
  if (q.kind === 'text') return 'written';
  return q.correctAnswers ? 'multiple' : 'single';
}

export function SectionsPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const loaded = useTestWithQuestions(id);
  const problemBank = useProblemBank(true);
  const questionBank = useQuestionBank(true);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<TTest | null>(null);

  useEffect(() => {
    if (drafts || !loaded.data) return;
    const test = loaded.data.test;
    setVersion(test.version);
    const from: TSection[] = test.sections ?? [];
    setDrafts(
      from.length > 0
        ? from.map((s) =>
            keyed({ ...s, id: s.id.length === 36 ? s.id : undefined, minutes: s.minutes ? String(s.minutes) : '' }),
          )
        : // a test without sections starts from what it holds: its problems, then its written questions
          [
            ...(test.questionIds.length
              ? [keyed({ title: 'Coding', kind: 'coding', itemIds: test.questionIds, minutes: '' })]
              : []),
            ...(loaded.data.questions.length
              ? [
                  keyed({
                    title: 'Written questions',
                    kind: 'written',
                    itemIds: loaded.data.questions.map((q) => q.id),
                    minutes: '',
                  }),
                ]
              : []),
          ],
    );
  }, [loaded.data, drafts]);

  if (loaded.isError) return <EditorLoadError message="Test not found or failed to load" />;
  if (!loaded.data || !drafts) return <PageSpinner label="Loading sections..." />;
  const test = loaded.data.test;
  if (test.testType !== 'CODING') {
    return (
      <main>
        <h1>Sections</h1>
        <p>Sections are for coding tests, which may hold every kind of problem and question.</p>
        <Link to={`/admin/tests/${id}`}>Back to the test</Link>
      </main>
    );
  }

  const problems = new Map<string, TCodingProblem>(
    [...(problemBank.data ?? []), ...loaded.data.problems].map((p) => [p.id, p]),
  );
  const questions = new Map<string, TAptitudeQuestion>(
    [...(questionBank.data ?? []), ...loaded.data.questions].map((q) => [q.id, q]),
  );
  const used = new Set(drafts.flatMap((d) => d.itemIds));
  const labelOf = (kind: TSectionKind, itemId: string) => {
    if (kind === 'coding') {
      const p = problems.get(itemId);
      return p ? `${p.title} (${p.marks} marks)` : 'Problem';
    }
    const q = questions.get(itemId);
    return q ? `${previewText(q.questionText, 80)} (${q.marks} marks)` : 'Question';
  };
  const choicesFor = (kind: TSectionKind): { id: string; label: string }[] =>
    kind === 'coding'
      ? [...problems.values()].filter((p) => !used.has(p.id)).map((p) => ({ id: p.id, label: labelOf(kind, p.id) }))
      : [...questions.values()]
          .filter((q) => kindOf(q) === kind && !used.has(q.id))
          .map((q) => ({ id: q.id, label: labelOf(kind, q.id) }));
  const total = drafts
    .flatMap((d) =>
      d.itemIds.map((iid) => (d.kind === 'coding' ? problems.get(iid)?.marks : questions.get(iid)?.marks) ?? 0),
    )
    .reduce((a, b) => a + b, 0);

  const update = (key: string, change: Partial<Draft>) =>
    setDrafts((ds) => ds!.map((d) => (d.key === key ? { ...d, ...change } : d)));

  const save = async () => {
    setSaving(true);
    setError(null);
    setSaved(null);
    try {
      const body = {
        version,
        sections: drafts.map((d) => ({
          ...(d.id ? { id: d.id } : {}),
          title: d.title,
          kind: d.kind,
          itemIds: d.itemIds,
          minutes: d.minutes.trim() ? Number(d.minutes) : null,
        })),
      };
      const next = await api<TTest>(`/api/tests/${id}/sections`, { method: 'PUT', body });
      setVersion(next.version);
      setSaved(next);
      // the server copies problems of other tests: take its ids and section ids
      setDrafts(
        (next.sections ?? []).map((s) =>
          keyed({ ...s, id: s.id.length === 36 ? s.id : undefined, minutes: s.minutes ? String(s.minutes) : '' }),
        ),
      );
      void qc.invalidateQueries();
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : 'Could not save the sections');
    } finally {
      setSaving(false);
    }
  };

  return (
    <main>
      <div className="admin-page-head">
        <div>
          <h1>Sections of {test.testName}</h1>
          <p className="muted">
            Candidates take the sections in order in one attempt; a section's own time, when set, ends it early. The
            test's {test.duration} minutes still rule. Total marks: {total}.
          </p>
        </div>
        <div className="row">
          <Link to={`/admin/tests/${id}`} className="btn btn-outline">
            Back to the test
          </Link>
        </div>
      </div>
      {drafts.length === 0 && <p className="muted">No sections yet: add the first one below.</p>}
      <ol className="sections-editor">
        {drafts.map((d, i) => {
          const choices = choicesFor(d.kind);
          return (
            <li key={d.key} className="card builder-item" aria-label={`Section ${i + 1}`}>
              <div className="row">
                <label>
                  Section {i + 1} title
                  <input className="input" value={d.title} onChange={(e) => update(d.key, { title: e.target.value })} />
                </label>
                <label>
                  Section {i + 1} kind
                  <select
                    className="input"
                    value={d.kind}
                    disabled={d.itemIds.length > 0}
                    title={d.itemIds.length > 0 ? 'Remove its items to change the kind' : undefined}
                    onChange={(e) => update(d.key, { kind: e.target.value as TSectionKind })}
                  >
                    {SECTION_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {SECTION_KIND_LABELS[k]}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  Section time in minutes (optional)
                  <input
                    className="input"
                    type="number"
                    min={1}
                    inputMode="numeric"
                    value={d.minutes}
                    onChange={(e) => update(d.key, { minutes: e.target.value })}
                  />
                </label>
              </div>
              {d.itemIds.length === 0 ? (
                <p className="muted">This section is empty.</p>
              ) : (
                <ol>
                  {d.itemIds.map((iid, j) => (
                    <li key={iid}>
                      {labelOf(d.kind, iid)}{' '}
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={j === 0}
                        aria-label={`Move ${labelOf(d.kind, iid)} up`}
                        onClick={() => update(d.key, { itemIds: moveItem(d.itemIds, j, j - 1) })}
                      >
                        Up
                      </button>{' '}
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        aria-label={`Remove ${labelOf(d.kind, iid)} from section ${i + 1}`}
                        onClick={() => update(d.key, { itemIds: d.itemIds.filter((x) => x !== iid) })}
                      >
                        Remove
                      </button>
                    </li>
                  ))}
                </ol>
              )}
              <label>
                Add from the library to section {i + 1}
                <select
                  className="input"
                  value=""
                  onChange={(e) => e.target.value && update(d.key, { itemIds: [...d.itemIds, e.target.value] })}
                >
                  <option value="">
                    {choices.length ? `Choose (${choices.length} available)` : 'Nothing of this kind is left to add'}
                  </option>
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </label>
              <div className="row">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={i === 0}
                  onClick={() => setDrafts(moveItem(drafts, i, i - 1))}
                >
                  Move section up
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={i === drafts.length - 1}
                  onClick={() => setDrafts(moveItem(drafts, i, i + 1))}
                >
                  Move section down
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => setDrafts(drafts.filter((x) => x.key !== d.key))}
                >
                  Remove section
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="row">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            setDrafts([
              ...drafts,
              keyed({ title: `Section ${drafts.length + 1}`, kind: 'single', itemIds: [], minutes: '' }),
            ])
          }
        >
          Add section
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving…' : 'Save sections'}
        </button>
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="alert alert-success" role="status">
          Sections saved. Total marks: {saved.totalMarks}.
        </p>
      )}
    </main>
  );
}
