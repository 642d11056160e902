/** The one way the web app calls the API: same-origin cookies, JSON in and out, errors as ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds from the Retry-After header (429/503), when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The server's own message for an answer it gave; the fallback when no answer came (network, offline). */
export function serverMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status > 0 ? err.message : fallback;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A JSON body already serialised (e.g. gzipped, with its Content-Encoding in headers): sent as is. */
  encodedBody?: Blob | string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined && opts.encodedBody === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: {
        ...((opts.body === undefined && opts.encodedBody === undefined) || isForm
          ? {}
          : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      body:
        opts.encodedBody ??
        (opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body)),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
    };
    throw new ApiError(
      res.status,
      body.code ?? 'HTTP',
      body.message ?? (typeof data === 'string' && data ? data : `HTTP error ${res.status}`),
      body.fields,
      Number(res.headers.get('retry-after')) || undefined,
    );
  }
  return data as T;
}
