/**
 * The invitation page's system check: browser, connection (a real round trip to this server) and, for a
 * proctored test, whether a camera can be used here. It asks for nothing: the camera is only opened, with the
 * candidate's consent, on the test's own start step.
 */
import { useEffect, useState } from 'react';

interface Check {
  label: string;
  state: 'ok' | 'problem' | 'checking';
  detail: string;
}

/** Slower than this round trip and the page says the connection is slow (the editor still works). */
const SLOW_MS = 1500;

type Connection = { state: 'checking' } | { state: 'online'; ms: number } | { state: 'offline' };

async function measureConnection(): Promise<Connection> {
  if (!navigator.onLine) return { state: 'offline' };
  const started = performance.now();
  try {
    const res = await fetch('/api/health', { cache: 'no-store', credentials: 'omit' });
    if (!res.ok) return { state: 'offline' };
    return { state: 'online', ms: Math.round(performance.now() - started) };
  } catch {
    return { state: 'offline' };
  }
}

function connectionCheck(c: Connection): Check {
  if (c.state === 'checking') return { label: 'Connection', state: 'checking', detail: 'Checking…' };
  if (c.state === 'offline')
    return { label: 'Connection', state: 'problem', detail: 'Cannot reach the test server: check your internet' };
  if (c.ms > SLOW_MS) return { label: 'Connection', state: 'problem', detail: `Slow (${c.ms} ms to the test server)` };
  return { label: 'Connection', state: 'ok', detail: `Online (${c.ms} ms to the test server)` };
}

function staticChecks(proctored: boolean): Check[] {
  const modern = typeof fetch === 'function' && typeof Promise !== 'undefined' && 'IntersectionObserver' in window;
  const camera = typeof navigator.mediaDevices?.getUserMedia === 'function' && window.isSecureContext;
  const checks: Check[] = [
    {
      label: 'Browser',
      state: modern ? 'ok' : 'problem',
      detail: modern ? 'Supported' : 'Too old: please use a current Chrome, Edge, Firefox or Safari',
    },
  ];
  if (proctored) {
    checks.push({
      label: 'Camera',
      state: camera ? 'ok' : 'problem',
      detail: camera
        ? 'Available: the test asks for permission when you start'
        : 'Not available here: this test needs a webcam and a secure (https) page',
    });
  }
  return checks;
}

const BADGE = {
  ok: ['badge-success', 'OK'],
  problem: ['badge-danger', 'Problem'],
  checking: ['badge-warning', '…'],
} as const;

export function SystemCheck({ proctored }: { proctored: boolean }) {
  const [connection, setConnection] = useState<Connection>({ state: 'checking' });
  useEffect(() => {
    let live = true;
    const update = () => void measureConnection().then((c) => live && setConnection(c));
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      live = false;
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  const checks = [...staticChecks(proctored), connectionCheck(connection)];
  return (
    <section aria-labelledby="system-check-h">
      <h2 id="system-check-h">System check</h2>
      <ul className="system-check" aria-live="polite">
        {checks.map((c) => (
          <li key={c.label} data-check={c.label} data-state={c.state}>
            <span className={`badge ${BADGE[c.state][0]}`}>{BADGE[c.state][1]}</span> <strong>{c.label}</strong>:{' '}
            {c.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}
