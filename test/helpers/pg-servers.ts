// Private PostgreSQL servers on loopback for the failover tests (issue 41): a primary initdb'd in a
// temporary directory and a hot standby cloned from it with pg_basebackup, each on a free port; and
// one server alone, for tests that stop and start it under running docex processes (issue 46:
// never the machine's shared PostgreSQL, which other tests and people use).
// initdb and postgres refuse to run as root: as root they run as the postgres user (like
// scripts/chaos.ts).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const asRoot = process.getuid?.() === 0;

function run(cmd: string, args: string[]): string {
  const [bin, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(bin, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

/** Why the servers cannot be made here (binaries absent), or null when they can. */
export function pgServersUnavailable(): string | null {
  for (const cmd of ['initdb', 'pg_ctl', 'pg_basebackup']) {
    try {
      execFileSync(cmd, ['--version'], { stdio: 'ignore' });
    } catch {
      return `needs PostgreSQL's ${cmd} on PATH (Debian: postgresql-15)`;
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface PgServer {
  port: number;
  url: string;
  start(): void;
  /** pg_ctl stop: fast closes every session; immediate is a crash (no shutdown checkpoint). */
  stop(mode: 'fast' | 'immediate'): void;
  /** A hot standby leaves recovery and takes writes (what a failover does to it). */
  promote(): void;
}

export interface PgPair {
  primary: PgServer;
  standby: PgServer;
  close(): void;
}

/** Servers made in one directory, and how to stop them all and remove it. */
function serversIn(work: string) {
  const servers: PgServer[] = [];
  const make = (name: string, port: number, extra = ''): PgServer => {
    const data = join(work, name);
    let running = false;
    const server: PgServer = {
      port,
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      start() {
        run('pg_ctl', [
          '-D',
          data,
          '-w',
          '-l',
          join(work, `${name}.log`),
          '-o',
          `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off${extra}`,
          'start',
        ]);
        running = true;
      },
      stop(mode) {
        if (!running) return;
        run('pg_ctl', ['-D', data, '-w', '-m', mode, 'stop']);
        running = false;
      },
      promote() {
        run('pg_ctl', ['-D', data, '-w', 'promote']);
      },
    };
    servers.push(server);
    return server;
  };
  const close = () => {
    for (const s of servers) {
      try {
        s.stop('immediate');
      } catch {}
    }
    rmSync(work, { recursive: true, force: true });
  };
  return { make, close };
}

/** One server alone (initdb, then started), for a test to stop and start at will. */
export async function startPostgresServer(): Promise<{ server: PgServer; close(): void }> {
  const work = mkdtempSync(join(tmpdir(), 'docex-pg-'));
  chmodSync(work, 0o777);
  const { make, close } = serversIn(work);
  try {
    const server = make('data', await freePort());
    run('initdb', ['-D', join(work, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    server.start();
    return { server, close };
  } catch (err) {
    close();
    throw err;
  }
}

/**
 * A primary that waits for its standby on every commit (synchronous_standby_names = '*'), as
 * pg_auto_failover's nodes do, and the standby.
 */
export async function startPrimaryAndStandby(): Promise<PgPair> {
  const work = mkdtempSync(join(tmpdir(), 'docex-pair-'));
  chmodSync(work, 0o777);
  const { make, close } = serversIn(work);
  try {
    const primary = make('primary', await freePort());
    // Promoted, it has no standby of its own to wait for (pg_auto_failover empties the setting too).
    const standby = make('standby', await freePort(), " -c synchronous_standby_names=''");
    const primaryData = join(work, 'primary');
    run('initdb', ['-D', primaryData, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    const conf = join(work, 'primary.conf');
    writeFileSync(conf, "synchronous_standby_names = '*'\nwal_level = replica\nmax_wal_senders = 4\n");
    chmodSync(conf, 0o644);
    run('sh', ['-c', `cat ${conf} >> ${join(primaryData, 'postgresql.conf')}`]);
    primary.start();
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      join(work, 'standby'),
      '-R',
      '--no-sync',
      '-X',
      'stream',
    ]);
    standby.start();
    return { primary, standby, close };
  } catch (err) {
    close();
    throw err;
  }
}
