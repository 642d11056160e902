/** CPU seconds of a process tree, read from /proc (Linux), for npm test's per-file figures and the e2e benches. */
import { readdirSync, readFileSync } from 'node:fs';

interface ProcStat {
  ppid: number;
  name: string;
  /** utime + stime + cutime + cstime: its own CPU and that of the children it waited for, in seconds */
  cpu: number;
}

/** One process's /proc/<pid>/stat (proc(5) fields 2, 4 and 14–17; clock ticks are 1/100 s on Linux). */
function procStat(pid: string): ProcStat {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
  return { ppid: Number(fields[1]), name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), cpu };
}

/**
 * The CPU seconds of `root` and of every live descendant, each with the children it waited for (a descendant
 * that ended is counted by whoever waited for it), and how many processes were counted. `counts(name)` keeps only
 * the processes of that name, the root included.
 */
export function processTreeCpu(
  root: number,
  counts: (name: string) => boolean = () => true,
): { seconds: number; processes: number } {
  const stats = new Map<number, ProcStat>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      stats.set(Number(pid), procStat(pid));
    } catch {} // it ended meanwhile
  }
  const children = new Map<number, number[]>();
  for (const [pid, s] of stats) {
    const siblings = children.get(s.ppid);
    if (siblings) siblings.push(pid);
    else children.set(s.ppid, [pid]);
  }
  let seconds = 0;
  let processes = 0;
  for (const todo = [root]; todo.length; ) {
    const pid = todo.pop() as number;
    const s = pid === root ? (stats.get(pid) ?? procStat(String(pid))) : stats.get(pid);
    if (s && counts(s.name)) {
      seconds += s.cpu;
      processes++;
    }
    todo.push(...(children.get(pid) ?? []));
  }
  return { seconds, processes };
}
