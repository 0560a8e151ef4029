// The pg_auto_failover formation of `npm run chaos -- --failover` (issue 41): a monitor, a primary
// and a synchronous secondary, each a `pg_autoctl` node in a directory of the drill on its own
// loopback port (Debian: postgresql-15-auto-failover). The commands are the ones
// docs/deployment.md gives for a real deployment, with the monitor's timings shortened for
// loopback (below). As root, every command runs as the postgres user (PostgreSQL refuses root).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export interface FormationNode {
  name: string;
  port: number;
  pgdata: string;
}

export interface NodeState {
  name: string;
  port: number;
  reported: string;
  assigned: string;
}

/**
 * The monitor's failure detection, shortened for loopback: a node is unhealthy after 4 s without a
 * health check or a keeper report, and a primary that cannot be told to demote is given 6 s more
 * before its secondary is promoted (defaults: 20 s and 30 s). The keepers' network partition
 * timeout (a primary cut from the monitor and its standby demotes itself) goes to 3 s so that it
 * stays below what the monitor waits: two primaries never take writes at once.
 */
const MONITOR_SETTINGS: Record<string, string> = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '4000',
  'pgautofailover.primary_demote_timeout': '6000',
};
const NETWORK_PARTITION_TIMEOUT_S = '3';

export class Formation {
  readonly nodes: FormationNode[];
  readonly monitorUrl: string;
  /** libpq's host list, as `pg_autoctl show uri --formation default` prints it: docex's DATABASE_URL. */
  readonly url: string;
  private readonly runs = new Map<string, ChildProcess>();
  private readonly env: NodeJS.ProcessEnv;
  private readonly pgctl: string;
  private readonly work: string;
  private readonly monitorPort: number;
  private readonly log: (msg: string) => void;

  constructor(work: string, monitorPort: number, ports: [number, number], log: (msg: string) => void) {
    this.work = work;
    this.monitorPort = monitorPort;
    this.log = log;
    this.nodes = ports.map((port, i) => ({ name: `node${i + 1}`, port, pgdata: join(work, `node${i + 1}`) }));
    this.monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
    this.url = `postgres://postgres@${this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',')}/docex?target_session_attrs=read-write`;
    // pg_autoctl keeps its configuration and state under XDG directories: the drill's own.
    this.env = {
      ...process.env,
      XDG_CONFIG_HOME: join(work, 'xdg-config'),
      XDG_DATA_HOME: join(work, 'xdg-data'),
      XDG_RUNTIME_DIR: join(work, 'xdg-run'),
    };
    this.pgctl = join(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim(), 'pg_ctl');
  }

  private argv(args: string[]): [string, string[]] {
    const withEnv = [
      'env',
      `XDG_CONFIG_HOME=${this.env.XDG_CONFIG_HOME}`,
      `XDG_DATA_HOME=${this.env.XDG_DATA_HOME}`,
      `XDG_RUNTIME_DIR=${this.env.XDG_RUNTIME_DIR}`,
      'pg_autoctl',
      ...args,
    ];
    return process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', ...withEnv]]
      : [withEnv[0]!, withEnv.slice(1)];
  }

  private autoctl(args: string[]): void {
    const [bin, argv] = this.argv(args);
    execFileSync(bin, argv, { stdio: ['ignore', 'ignore', 'pipe'], env: this.env });
  }

  /**
   * `pg_autoctl run` for a node in a process group of its own; what it prints goes to
   * `<name>.autoctl.log` in the drill's directory (appended across restarts), for `diagnose`.
   */
  private run(name: string, pgdata: string): void {
    const [bin, argv] = this.argv(['run', '--pgdata', pgdata]);
    const out = openSync(this.autoctlLog(name), 'a');
    const child = spawn(bin, argv, { detached: true, stdio: ['ignore', out, out], env: this.env });
    closeSync(out);
    child.unref();
    this.runs.set(name, child);
  }

  private autoctlLog(name: string): string {
    return join(this.work, `${name}.autoctl.log`);
  }

  /** Creates and starts the monitor and both nodes; resolves once node1 is primary and node2 its secondary. */
  async start(): Promise<void> {
    const monitor = join(this.work, 'monitor');
    this.log(`pg_auto_failover monitor on 127.0.0.1:${this.monitorPort}`);
    this.autoctl([
      'create',
      'monitor',
      '--pgdata',
      monitor,
      '--pgport',
      String(this.monitorPort),
      '--pgctl',
      this.pgctl,
      '--hostname',
      '127.0.0.1',
      '--auth',
      'trust',
      '--no-ssl',
    ]);
    this.autoctl(['config', 'set', '--pgdata', monitor, 'postgresql.listen_addresses', '127.0.0.1']);
    this.run('monitor', monitor);
    await this.until(
      async () => {
        await this.monitorQuery('select 1');
        return true;
      },
      30_000,
      'the monitor answers',
    );
    for (const [name, value] of Object.entries(MONITOR_SETTINGS)) {
      await this.monitorQuery(`alter system set ${name} = '${value}'`);
    }
    await this.monitorQuery('select pg_reload_conf()');
    for (const node of this.nodes) {
      this.log(`pg_auto_failover ${node.name} on 127.0.0.1:${node.port}`);
      this.autoctl([
        'create',
        'postgres',
        '--pgdata',
        node.pgdata,
        '--pgport',
        String(node.port),
        '--pgctl',
        this.pgctl,
        '--listen',
        '127.0.0.1',
        '--hostname',
        '127.0.0.1',
        '--name',
        node.name,
        '--auth',
        'trust',
        '--no-ssl',
        '--dbname',
        'docex',
        '--monitor',
        this.monitorUrl,
      ]);
      this.autoctl([
        'config',
        'set',
        '--pgdata',
        node.pgdata,
        'timeout.network_partition_timeout',
        NETWORK_PARTITION_TIMEOUT_S,
      ]);
      this.run(node.name, node.pgdata);
      // The second node is cloned from the first: it must be primary first.
      await this.waitFor(
        (s) =>
          s.some(
            (n) =>
              n.name === node.name &&
              n.reported === (node === this.nodes[0] ? 'single' : 'secondary') &&
              n.reported === n.assigned,
          ) &&
          (node === this.nodes[0] || s.some((n) => n.reported === 'primary' && n.assigned === 'primary')),
        120_000,
        `${node.name} running`,
      );
    }
  }

  async monitorQuery<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const c = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${this.monitorPort}/pg_auto_failover`,
      connectionTimeoutMillis: 2_000,
    });
    c.on('error', () => {});
    await c.connect();
    try {
      return (await c.query<T>(text)).rows;
    } finally {
      await c.end().catch(() => {});
    }
  }

  async state(): Promise<NodeState[]> {
    return (
      await this.monitorQuery<{
        nodename: string;
        nodeport: number;
        reportedstate: string;
        goalstate: string;
      }>('select nodename, nodeport, reportedstate, goalstate from pgautofailover.node order by nodeid')
    ).map((r) => ({ name: r.nodename, port: r.nodeport, reported: r.reportedstate, assigned: r.goalstate }));
  }

  /** The node both the monitor and the node itself call primary, if any. */
  async primary(): Promise<FormationNode | null> {
    const s = await this.state();
    const p = s.find(
      (n) =>
        (n.reported === 'primary' || n.reported === 'wait_primary' || n.reported === 'single') &&
        n.assigned === n.reported,
    );
    return p ? (this.nodes.find((n) => n.name === p.name) ?? null) : null;
  }

  /** A single-host URL of a node (the drill's checks read the primary directly). */
  nodeUrl(node: FormationNode): string {
    return `postgres://postgres@127.0.0.1:${node.port}/docex`;
  }

  /**
   * The node's machine is lost: every process of it SIGKILLed at once. Its `pg_autoctl` keeper and
   * postmaster share the run's process group, but PostgreSQL puts each child of the postmaster
   * (backends, walsender, checkpointer, logger) in a session of its own, and a postmaster that
   * `pg_ctl` started (pg_autoctl does so on some transitions) is in none of the run's: killing the
   * group alone left processes behind that could still commit a write in flight or keep the old
   * server's shared memory attached. So the postmaster of `postmaster.pid` and every descendant of
   * the group and of it are collected first, then killed together.
   */
  kill(node: FormationNode): void {
    const run = this.runs.get(node.name);
    this.runs.delete(node.name);
    const procs = processTable();
    const roots = new Set<number>();
    if (run?.pid) for (const p of procs) if (p.pgid === run.pid) roots.add(p.pid);
    const postmaster = postmasterPid(node.pgdata);
    if (postmaster) roots.add(postmaster);
    const doomed = descendants(procs, roots);
    for (const pid of doomed) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  }

  /**
   * What a failed wait leaves to read: the monitor's last events and the tail of the node's
   * `pg_autoctl` output and PostgreSQL log.
   */
  async diagnose(node: FormationNode): Promise<string> {
    const parts: string[] = [];
    try {
      const events = await this.monitorQuery<{ eventtime: Date; nodename: string; description: string }>(
        'select eventtime, nodename, description from pgautofailover.event order by eventid desc limit 15',
      );
      parts.push(
        "-- the monitor's last events",
        ...events.reverse().map((e) => `${e.eventtime.toISOString()} ${e.nodename}: ${e.description}`),
      );
    } catch (err) {
      parts.push(`-- the monitor's events could not be read: ${String(err)}`);
    }
    parts.push(`-- ${node.name}: pg_autoctl`, tail(this.autoctlLog(node.name), 40));
    const logDir = join(node.pgdata, 'log');
    const logs = existsSync(logDir) ? readdirSync(logDir).sort() : [];
    const last = logs.at(-1);
    // The server's own lines, without the statements it quotes (a docex write spans dozens).
    const serverLines = (line: string) => /^\d{4}-\d\d-\d\d /.test(line) && !line.includes(' STATEMENT: ');
    parts.push(`-- ${node.name}: PostgreSQL`, last ? tail(join(logDir, last), 30, serverLines) : '(no log)');
    return parts.join('\n');
  }

  /** The lost node comes back: `pg_autoctl run` again; the monitor makes it a secondary (pg_rewind). */
  rejoin(node: FormationNode): void {
    this.run(node.name, node.pgdata);
  }

  async waitFor(pred: (s: NodeState[]) => boolean, timeoutMs: number, what: string): Promise<void> {
    await this.until(async () => pred(await this.state()), timeoutMs, what);
  }

  private async until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    while (Date.now() < deadline) {
      try {
        if (await check()) return;
      } catch (err) {
        last = err;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(
      `pg_auto_failover: ${what} not within ${timeoutMs / 1000} s${last ? ` (${String(last)})` : ''}`,
    );
  }

  /** Everything the formation started, SIGKILLed as `kill` does (the drill's directory goes with it). */
  stop(): void {
    for (const node of this.nodes) this.kill(node);
    this.kill({ name: 'monitor', port: this.monitorPort, pgdata: join(this.work, 'monitor') });
  }
}

interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
}

/** Every process of the machine, from /proc (Linux: the only system the drill runs on). */
function processTable(): Proc[] {
  const procs: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the fields start after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid: Number(entry), ppid: Number(fields[1]), pgid: Number(fields[2]) });
    } catch {
      // gone meanwhile
    }
  }
  return procs;
}

function descendants(procs: Proc[], roots: Set<number>): Set<number> {
  const all = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of procs) {
      if (!all.has(p.pid) && all.has(p.ppid)) {
        all.add(p.pid);
        grew = true;
      }
    }
  }
  return all;
}

/** The postmaster's pid, the first line of `postmaster.pid`, if the server runs. */
function postmasterPid(pgdata: string): number | null {
  try {
    const pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tail(file: string, lines: number, keep: (line: string) => boolean = () => true): string {
  try {
    const kept = readFileSync(file, 'utf8').trimEnd().split('\n').filter(keep);
    return kept
      .slice(-lines)
      .map((l) => l.slice(0, 300))
      .join('\n');
  } catch (err) {
    return `(${String(err)})`;
  }
}
