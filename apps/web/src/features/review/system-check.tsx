/**
 * The invitation page's system check: what this browser offers, without asking for anything (the camera is
 * only opened, with the candidate's consent, on the test's own start step).
 */
import { useEffect, useState } from 'react';

interface Check {
  label: string;
  ok: boolean;
  detail: string;
}

function runChecks(proctored: boolean): Check[] {
  const modern = typeof fetch === 'function' && typeof Promise !== 'undefined' && 'IntersectionObserver' in window;
  const camera = typeof navigator.mediaDevices?.getUserMedia === 'function' && window.isSecureContext;
  const checks: Check[] = [
    {
      label: 'Browser',
      ok: modern,
      detail: modern ? 'Supported' : 'Too old: please use a current Chrome, Edge, Firefox or Safari',
    },
    {
      label: 'Connection',
      ok: navigator.onLine,
      detail: navigator.onLine ? 'Online' : 'Offline: connect to the internet before you start',
    },
  ];
  if (proctored) {
    checks.push({
      label: 'Camera',
      ok: camera,
      detail: camera
        ? 'Available: the test asks for permission when you start'
        : 'Not available here: this test needs a webcam and a secure (https) page',
    });
  }
  return checks;
}

export function SystemCheck({ proctored }: { proctored: boolean }) {
  const [checks, setChecks] = useState(() => runChecks(proctored));
  useEffect(() => {
    const update = () => setChecks(runChecks(proctored));
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [proctored]);
  return (
    <section aria-labelledby="system-check-h">
      <h2 id="system-check-h">System check</h2>
      <ul className="system-check">
        {checks.map((c) => (
          <li key={c.label}>
            <span className={`badge ${c.ok ? 'badge-success' : 'badge-danger'}`}>{c.ok ? 'OK' : 'Problem'}</span>{' '}
            <strong>{c.label}</strong>: {c.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}
