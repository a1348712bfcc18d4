// CPU time of process trees from /proc (Linux): user + system seconds of a process, of its live
// descendants, and of the children they have already reaped (cutime/cstime). The scale bench
// reads it before and after each load to say where the CPU went (backends, PostgreSQL, the load
// generator, the fake model).
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

interface Stat {
  ppid: number;
  ticks: number;
}

function statOf(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid … utime stime cutime cstime …": comm may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const number = (index: number) => Number(fields[index] ?? 0);
  return { ppid: number(1), ticks: number(11) + number(12) + number(13) + number(14) };
}

/** CPU seconds used so far by each root's process tree (summed per root). */
export function treeCpuSeconds(roots: readonly number[]): number {
  const stats = new Map<number, Stat>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = statOf(pid);
    if (stat) stats.set(pid, stat);
  }
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  let ticks = 0;
  const seen = new Set<number>();
  const visit = (pid: number): void => {
    if (seen.has(pid)) return;
    seen.add(pid);
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const child of children.get(pid) ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  return ticks / TICKS;
}

/** The parent of a process (e.g. PostgreSQL's postmaster from one of its backends' pids). */
export function parentPid(pid: number): number | undefined {
  return statOf(pid)?.ppid;
}
