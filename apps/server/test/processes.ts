import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line, arguments separated by NUL. */
  cmd: string;
}

/** The processes of this machine from /proc (those that exit while it is read are left out). */
export function listProcesses(): ProcessInfo[] {
  const list: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      list.push({ pid: Number(entry), ppid, cmd: readFileSync(`/proc/${entry}/cmdline`, 'utf8') });
    } catch {
      // gone meanwhile
    }
  }
  return list;
}

/** The processes below pid, at any depth. */
export function descendantsOf(pid: number, list = listProcesses()): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const p of list.filter((x) => x.ppid === parent)) {
      found.push(p);
      queue.push(p.pid);
    }
  }
  return found;
}
