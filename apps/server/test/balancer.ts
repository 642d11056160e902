/**
 * HAProxy in front of API processes (issue 28), as docs/DEPLOY.md runs it: least connections, a health check of
 * `/api/health` every second, and a request refused by a dead API sent again to another. Used by the topology
 * benchmark (bench/drive/topology.ts) and by the cross-process tests, so both measure the balancer a deployment
 * uses. Needs Debian's `haproxy` (npm test installs it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The configuration: `lbPort` in front of `apiPorts` on 127.0.0.1. Each answer names the API that gave it in
 * `X-Served-By` (api1, api2, …), so a test can tell which process holds a connection.
 */
export function haproxyConfig(lbPort: number, apiPorts: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 1h',
    '  timeout server 1h',
    'frontend web',
    `  bind 127.0.0.1:${lbPort}`,
    '  default_backend api',
    'backend api',
    '  balance leastconn',
    '  option httpchk GET /api/health',
    // a connection refused by a dead API is tried again on another one
    '  retries 2',
    '  option redispatch',
    '  http-response set-header X-Served-By %s',
    ...apiPorts.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check inter 1s fall 2 rise 2`),
    '',
  ].join('\n');
}

/** Writes the configuration into `dir` and starts HAProxy in the foreground; the caller kills the child. */
export async function startBalancer(dir: string, lbPort: number, apiPorts: number[]): Promise<ChildProcess> {
  const cfg = path.join(dir, 'haproxy.cfg');
  await writeFile(cfg, haproxyConfig(lbPort, apiPorts));
  return spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
}
