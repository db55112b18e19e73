/**
 * Who used the machine's CPU during a measured phase (Linux /proc; empty elsewhere): this
 * process (API, worker, load generator), the Temporal dev server, PostgreSQL, and everything else
 * — on a shared 2-core machine another user's tests can take half of it, and a result should say so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks per second of /proc's times (USER_HZ); 100 on every common Linux. */
const TICKS_PER_SECOND = 100;

interface Snapshot {
  at: number;
  totalTicks: number;
  idleTicks: number;
  /** CPU ticks so far of every process of a known group, by pid. */
  processes: Map<number, { group: Group; ticks: number }>;
}

/** 'self', 'temporal', 'postgres', or the name given to a child process's pid. */
type Group = string;

function ticksOf(pid: string): { comm: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the state field.
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

function snapshot(devServerPid: number | undefined, named: Record<string, number>): Snapshot | undefined {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return undefined;
  }
  const times = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  const processes = new Map<number, { group: Group; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const known = ticksOf(entry);
    if (!known) continue;
    const child = Object.entries(named).find(([, namedPid]) => namedPid === pid)?.[0];
    const group: Group | undefined = child
      ? child
      : pid === process.pid
        ? 'self'
        : pid === devServerPid
          ? 'temporal'
          : known.comm === 'postgres'
            ? 'postgres'
            : undefined;
    if (group) processes.set(pid, { group, ticks: known.ticks });
  }
  return {
    at: performance.now(),
    totalTicks: times.reduce((a, b) => a + b, 0),
    idleTicks: (times[3] ?? 0) + (times[4] ?? 0),
    processes,
  };
}

export interface CpuUsage {
  cores: number;
  /** Share of all cores busy, in percent (100 = every core busy). */
  machineBusyPercent: number;
  /** CPU time by group, as percent of one core (200 = two cores' worth). */
  percentOfOneCore: Record<string, number>;
  /** CPU milliseconds by group per unit of work (e.g. per turn), when `units` is given. */
  msPerUnit?: Record<string, number>;
}

/**
 * Starts accounting; `stop(units?)` returns the usage since. `other` is every other busy tick of
 * the machine (other users' processes, kernel threads, processes that exited meanwhile). `named`
 * counts child processes apart by name (e.g. `{ worker: pid, api: pid }`).
 */
export function startCpuAccounting(
  devServerPid?: number,
  named: Record<string, number> = {},
): { stop(units?: number): CpuUsage | undefined } {
  const before = snapshot(devServerPid, named);
  return {
    stop(units) {
      const after = snapshot(devServerPid, named);
      if (!before || !after) return undefined;
      const seconds = (after.at - before.at) / 1_000;
      const total = after.totalTicks - before.totalTicks;
      const percentOfOneCore: Record<string, number> = {};
      const msPerUnit: Record<string, number> = {};
      const groupTicks: Record<string, number> = { self: 0, temporal: 0, postgres: 0 };
      for (const name of Object.keys(named)) groupTicks[name] = 0;
      // A process that started meanwhile counts whole; one that exited is left to `other`.
      for (const [pid, now] of after.processes) {
        groupTicks[now.group] =
          (groupTicks[now.group] ?? 0) + now.ticks - (before.processes.get(pid)?.ticks ?? 0);
      }
      // Everything else that was busy: other processes, kernel threads, processes that exited.
      const busy = total - (after.idleTicks - before.idleTicks);
      const known = Object.values(groupTicks).reduce((a, b) => a + b, 0);
      groupTicks.other = Math.max(0, busy - known);
      for (const [group, ticks] of Object.entries(groupTicks)) {
        percentOfOneCore[group] = Math.round((ticks / TICKS_PER_SECOND / seconds) * 1_000) / 10;
        if (units) msPerUnit[group] = Math.round(((ticks / TICKS_PER_SECOND) * 1_000 * 100) / units) / 100;
      }
      return {
        cores: cpus().length,
        machineBusyPercent:
          total > 0 ? Math.round((1 - (after.idleTicks - before.idleTicks) / total) * 1_000) / 10 : 0,
        percentOfOneCore,
        ...(units ? { msPerUnit } : {}),
      };
    },
  };
}
