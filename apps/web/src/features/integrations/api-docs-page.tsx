import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { errorText, SettingsPage } from './settings-nav';

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  'x-token-scope'?: string;
}
interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** /admin/api: the OpenAPI document served at /api/openapi.json, grouped by tag. */
export function ApiDocsPage() {
  const doc = useQuery({ queryKey: ['openapi'], queryFn: () => api<OpenApiDoc>('/api/openapi.json') });
  const groups = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, ops] of Object.entries(doc.data?.paths ?? {})) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'api';
      groups.set(tag, [...(groups.get(tag) ?? []), { path, method, op }]);
    }
  }
  return (
    <SettingsPage title="API reference" intro={doc.data?.info.description ?? 'The Assessly HTTP API.'}>
      <p>
        <a href="/api/openapi.json">Download openapi.json</a>
        {doc.data && <span className="muted"> · version {doc.data.info.version}</span>}
      </p>
      {doc.isError && <p className="alert alert-error">{errorText(doc.error, 'Could not load the API document.')}</p>}
      {[...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([tag, ops]) => (
          <section key={tag} className="card" aria-labelledby={`tag-${tag}`}>
            <h2 id={`tag-${tag}`}>{tag}</h2>
            {ops.map(({ path, method, op }) => (
              <details key={`${method} ${path}`} className="api-docs-op">
                <summary>
                  <span className="api-docs-method">{method.toUpperCase()}</span> <code>{path}</code>
                  {op.summary && <span className="muted"> — {op.summary}</span>}
                  {op['x-token-scope'] && <span className="badge">{op['x-token-scope']}</span>}
                </summary>
                {op.parameters && op.parameters.length > 0 && (
                  <p>
                    Parameters:{' '}
                    {op.parameters.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ')}
                  </p>
                )}
                {op.requestBody?.content?.['application/json']?.schema != null && (
                  <pre className="settings-pre">
                    {JSON.stringify(op.requestBody.content['application/json'].schema, null, 2)}
                  </pre>
                )}
              </details>
            ))}
          </section>
        ))}
    </SettingsPage>
  );
}
