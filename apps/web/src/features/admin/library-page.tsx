/**
 * /admin/library: every problem and question of the company, or of the starter library every company reads
 * (issue 25), searchable by text, kind, tag, difficulty and language, with usage and last edit. "Add to test" copies the item into a test; problems export/import as Kattis packages.
 */

import {
  CODE_LANGUAGES,
  DIFFICULTIES,
  languageName,
  type TLibraryItem,
  type TLibraryKind,
  type TLibraryPage,
  type TTest,
} from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError, api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useTests } from './admin-api';

const PROBLEM_TYPES = [
  ['stdio', 'Standard input/output'],
  ['function', 'Function'],
  ['sql', 'SQL'],
  ['project', 'Project'],
] as const;
const QUESTION_TYPES = [
  ['single', 'Single answer'],
  ['multiple', 'Multiple answers'],
  ['text', 'Written answer'],
] as const;

const DIFFICULTY_LABEL = { easy: 'Easy', medium: 'Medium', hard: 'Hard' } as const;

const TYPE_LABEL: Record<string, string> = Object.fromEntries([...PROBLEM_TYPES, ...QUESTION_TYPES]);

export function LibraryPage() {
  const ids = { q: useId(), tag: useId(), diff: useId(), lang: useId(), file: useId(), type: useId(), src: useId() };
  const [kind, setKind] = useState<TLibraryKind>('problem');
  const [source, setSource] = useState<'company' | 'starter'>('company');
  const [type, setType] = useState('');
  const [q, setQ] = useState('');
  const [tag, setTag] = useState('');
  const [difficulty, setDifficulty] = useState('');
  const [language, setLanguage] = useState('');
  const qc = useQueryClient();
  const params = new URLSearchParams({ kind, source });
  if (type) params.set('type', type);
  if (q.trim()) params.set('q', q.trim());
  if (tag) params.set('tag', tag);
  if (difficulty) params.set('difficulty', difficulty);
  if (language && kind === 'problem') params.set('language', language);
  const lib = useQuery({
    queryKey: ['admin', 'library', params.toString()],
    queryFn: () => api<TLibraryPage>(`/api/library?${params}`),
  });
  const tests = useTests();
  // Only the values that exist in this source and kind are offered (issue 46): the server answers them with every
  // page; the last answer of the same source and kind stands in while the next loads.
  const facetKey = `${kind}:${source}`;
  const [seen, setSeen] = useState<{ key: string; page: TLibraryPage } | null>(null);
  if (lib.data && seen?.page !== lib.data) setSeen({ key: facetKey, page: lib.data });
  const facets = lib.data ?? (seen?.key === facetKey ? seen.page : null);
  const offered = <T extends string>(all: readonly T[], present: readonly string[] | undefined, chosen: string) =>
    all.filter((v) => !present || present.includes(v) || v === chosen);
  const typeOptions = (kind === 'problem' ? PROBLEM_TYPES : QUESTION_TYPES).filter(
    ([value]) => !facets || facets.types.includes(value) || value === type,
  );
  const difficultyOptions = offered(DIFFICULTIES, facets?.difficulties, difficulty);
  const languageOptions = offered(CODE_LANGUAGES, facets?.languages, language);
  const chooseSource = (next: 'company' | 'starter') => {
    setSource(next);
    // a value of the other source may not exist in this one
    setType('');
    setDifficulty('');
    setLanguage('');
    setTag('');
  };

  const importPackage = async (file: File) => {
    const form = new FormData();
    form.append('package', file);
    try {
      const p = await api<{ title: string }>('/api/coding-tests/import', { method: 'POST', body: form });
      toast.success(`Imported "${p.title}"`);
      await qc.invalidateQueries({ queryKey: ['admin', 'library'] });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Could not import the package');
    }
  };

  return (
    <main>
      <div className="admin-page-head">
        <h1>Problem and question library</h1>
        {kind === 'problem' && (
          <div className="field">
            <label htmlFor={ids.file}>Import a Kattis/ICPC package (.zip)</label>
            <input
              id={ids.file}
              type="file"
              accept=".zip,application/zip"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void importPackage(f);
                e.target.value = '';
              }}
            />
          </div>
        )}
      </div>
      <div className="row" role="tablist" aria-label="Library">
        {(['problem', 'question'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={`btn btn-sm ${kind === k ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => {
              setKind(k);
              setType('');
              setTag('');
            }}
          >
            {k === 'problem' ? 'Coding problems' : 'Aptitude questions'}
          </button>
        ))}
      </div>
      <form className="row" onSubmit={(e) => e.preventDefault()} style={{ alignItems: 'end', flexWrap: 'wrap' }}>
        <div className="field">
          <label htmlFor={ids.src}>Source</label>
          <select id={ids.src} value={source} onChange={(e) => chooseSource(e.target.value as 'company' | 'starter')}>
            <option value="company">Your company</option>
            <option value="starter">Starter library (CC BY 4.0)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.type}>Kind</label>
          <select id={ids.type} value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">Any</option>
            {typeOptions.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.q}>Search</label>
          <input id={ids.q} className="input" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.tag}>Tag</label>
          <select id={ids.tag} value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">Any</option>
            {(lib.data?.tags ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.diff}>Difficulty</label>
          <select id={ids.diff} value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
            <option value="">Any</option>
            {difficultyOptions.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABEL[d]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'problem' && languageOptions.length > 0 && (
          <div className="field">
            <label htmlFor={ids.lang}>Starter code language</label>
            <select id={ids.lang} value={language} onChange={(e) => setLanguage(e.target.value)}>
              <option value="">Any</option>
              {languageOptions.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
      {lib.isPending ? (
        <PageSpinner label="Loading the library..." />
      ) : lib.isError ? (
        <p className="alert alert-error">{lib.error.message}</p>
      ) : lib.data.items.length === 0 ? (
        <p className="muted">Nothing matches.</p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label="Library">
            <thead>
              <tr>
                <th scope="col">{kind === 'problem' ? 'Problem' : 'Question'}</th>
                <th scope="col">Tags</th>
                <th scope="col">Difficulty</th>
                {kind === 'problem' && <th scope="col">Languages</th>}
                <th scope="col">Used in</th>
                <th scope="col">Last edit</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {lib.data.items.map((item) => (
                <LibraryRow key={item.id} item={item} tests={tests.data ?? []} />
              ))}
            </tbody>
          </table>
          <p className="muted">{lib.data.total} in total.</p>
        </div>
      )}
    </main>
  );
}

function LibraryRow({ item, tests }: { item: TLibraryItem; tests: TTest[] }) {
  const qc = useQueryClient();
  const [target, setTarget] = useState('');
  const wanted = item.kind === 'problem' ? 'CODING' : 'APTITUDE';
  // a written question may also join a coding test's written questions (issue 25)
  const fits = (t: TTest) => t.testType === wanted || (item.type === 'text' && t.testType === 'CODING');
  const add = async () => {
    try {
      await api('/api/library/add-to-test', {
        method: 'POST',
        body: { testId: target, kind: item.kind, itemId: item.id },
      });
      toast.success(`A copy of "${item.title}" was added to the test`);
      await qc.invalidateQueries({ queryKey: ['admin'] });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Could not add it');
    }
  };
  return (
    <tr>
      <td>
        <strong>{item.title}</strong>
        {item.type && <span className="badge">{TYPE_LABEL[item.type]}</span>}
        <div className="muted" style={{ maxWidth: '28rem', overflowWrap: 'anywhere' }}>
          {item.preview}
        </div>
      </td>
      <td>{item.tags.length ? item.tags.join(', ') : '—'}</td>
      <td>{item.difficulty ?? '—'}</td>
      {item.kind === 'problem' && <td>{item.languages.length ? item.languages.map(languageName).join(', ') : '—'}</td>}
      <td>
        {item.usageCount} test{item.usageCount === 1 ? '' : 's'}
      </td>
      <td>{item.starter ? 'Starter library' : formatDate(item.updatedAt)}</td>
      <td>
        <div className="row">
          <select
            aria-label={`Test to add ${item.title} to`}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            <option value="">Choose a test</option>
            {tests.filter(fits).map((t) => (
              <option key={t.id} value={t.id}>
                {t.testName}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-outline btn-sm" disabled={!target} onClick={() => void add()}>
            Add to test
          </button>
          {item.kind === 'problem' && !item.starter && (
            <a className="btn btn-outline btn-sm" href={`/api/coding-tests/${item.id}/export`} download>
              Export
            </a>
          )}
        </div>
      </td>
    </tr>
  );
}
