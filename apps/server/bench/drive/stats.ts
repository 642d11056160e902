/** Latency and status per endpoint class, and CPU / memory of a process tree from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

export class Recorder {
  private readonly times = new Map<string, number[]>();
  private readonly statuses = new Map<string, Map<string, number>>();

  record(cls: string, ms: number, status: number | string) {
    if (!this.times.has(cls)) this.times.set(cls, []);
    this.times.get(cls)!.push(ms);
    const by = this.statuses.get(cls) ?? new Map<string, number>();
    this.statuses.set(cls, by);
    by.set(String(status), (by.get(String(status)) ?? 0) + 1);
  }

  summary() {
    const out: Record<string, { n: number; p50: number; p95: number; p99: number; max: number }> = {};
    for (const [cls, list] of [...this.times].sort()) {
      const s = [...list].sort((a, b) => a - b);
      const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0);
      out[cls] = { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(s[s.length - 1] ?? 0) };
    }
    return out;
  }

  /** Status counts that are not 2xx, per class. */
  errors() {
    const out: Record<string, Record<string, number>> = {};
    for (const [cls, by] of this.statuses) {
      for (const [status, n] of by) {
        if (/^2\d\d$/.test(status)) continue;
        out[cls] ??= {};
        out[cls][status] = n;
      }
    }
    return out;
  }
}

const TICKS = 100; // USER_HZ on Linux

function statOf(pid: number): { ppid: number; cpuTicks: number; rssPages: number } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    // Fields after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14) ... rss(21)
    const n = (i: number) => Number(f[i] ?? 0);
    return { ppid: n(1), cpuTicks: n(11) + n(12) + n(13) + n(14), rssPages: n(21) };
  } catch {
    return null;
  }
}

/** The process and all its descendants (judge pool child, face service child, sandboxes). */
export function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!pid) continue;
    const s = statOf(pid);
    if (!s) continue;
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** CPU seconds used so far by the tree (reaped children included) and its resident memory in MB. */
export function sampleTree(root: number): { cpuSeconds: number; rssMb: number; byPid: Map<number, number> } {
  let ticks = 0;
  let pages = 0;
  const byPid = new Map<number, number>();
  for (const pid of treeOf(root)) {
    const s = statOf(pid);
    if (!s) continue;
    ticks += s.cpuTicks;
    pages += s.rssPages;
    byPid.set(pid, s.cpuTicks / TICKS);
  }
  return { cpuSeconds: ticks / TICKS, rssMb: (pages * 4096) / 1024 / 1024, byPid };
}

/** A short name for a process: its command line's script. */
export function nameOf(pid: number): string {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = cmd.find((c) => /\.(ts|js|mjs)$/.test(c)) ?? cmd[0] ?? '?';
    return script.split('/').slice(-2).join('/');
  } catch {
    return '?';
  }
}

/**
 * Face checks against their cadence (issue 17's wrapper): a heartbeat is on time when answered within its
 * period (10 s: before the next one is due), late when answered after it, failed when not answered 200; a gap
 * of more than 30 s between answered heartbeats (or frames) is what the server records as "camera lost". A
 * spot check counts as answered when the server said so (within its 15 s), late when it said "late", missed
 * when the verify failed or never came in time (e.g. a candidate not yet enrolled sends an enrolment instead),
 * open at the end when it was issued in the last 15 s and not answered by the end.
 */
export class FaceChecks {
  private readonly beats = { sent: 0, onTime: 0, late: 0, failed: 0 };
  private cameraLostGaps = 0;
  private readonly spot = new Map<string, 'open' | 'answered' | 'late' | 'failed'>();
  private readonly issuedAt = new Map<string, number>();
  private readonly load = { sent: 0, ok: 0, failed: 0 };

  constructor(
    private readonly periodMs: number,
    private readonly lostAfterMs = 30_000,
    private readonly challengeTtlMs = 15_000,
  ) {}

  /** The verify of a fresh frame when the page loads. */
  reload(ok: boolean) {
    this.load.sent += 1;
    if (ok) this.load.ok += 1;
    else this.load.failed += 1;
  }

  issued(id: string) {
    if (this.spot.has(id)) return;
    this.spot.set(id, 'open');
    this.issuedAt.set(id, Date.now());
  }

  /** The verify answering a challenge: what the server said of it (`challenge`), or null when it failed. */
  answer(id: string, said: string | null | undefined) {
    if (this.spot.get(id) === 'answered') return;
    this.spot.set(id, said === 'answered' ? 'answered' : said === 'late' ? 'late' : 'failed');
  }

  /** One candidate's heartbeats (from its page load). */
  candidate() {
    let lastOk = Date.now();
    return {
      heartbeat: (sentAt: number, ok: boolean, answeredAt: number) => {
        this.beats.sent += 1;
        if (!ok) {
          this.beats.failed += 1;
          return;
        }
        if (answeredAt - sentAt > this.periodMs) this.beats.late += 1;
        else this.beats.onTime += 1;
        if (answeredAt - lastOk > this.lostAfterMs) this.cameraLostGaps += 1;
        lastOk = Math.max(lastOk, answeredAt);
      },
      end: (at: number) => {
        if (at - lastOk > this.lostAfterMs) this.cameraLostGaps += 1;
      },
    };
  }

  /** endsAt: when the candidates stopped; a challenge still open then and issued in the last 15 s is "open". */
  summary(endsAt: number) {
    const states = [...this.spot.values()];
    const answered = states.filter((s) => s === 'answered').length;
    const late = states.filter((s) => s === 'late').length;
    const openAtEnd = [...this.spot].filter(
      ([id, s]) => s === 'open' && (this.issuedAt.get(id) ?? 0) + this.challengeTtlMs > endsAt,
    ).length;
    const spotChecks = {
      issued: states.length,
      answered,
      late,
      missed: states.length - answered - late - openAtEnd,
      openAtEnd,
    };
    const onCadence =
      this.beats.late === 0 &&
      this.beats.failed === 0 &&
      this.cameraLostGaps === 0 &&
      spotChecks.late === 0 &&
      spotChecks.missed === 0 &&
      this.load.failed === 0;
    return {
      onCadence,
      heartbeats: { ...this.beats },
      cameraLostGaps: this.cameraLostGaps,
      spotChecks,
      loadChecks: { ...this.load },
    };
  }
}
