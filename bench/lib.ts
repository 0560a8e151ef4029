// Shared pieces of the benchmark: child servers, autocannon runs, medians, the results table.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface RunOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Build each request (unique Idempotency-Key, rotating ids). */
  setup?: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export function uniqueKey(): string {
  return `bench_${randomBytes(9).toString('base64url')}`;
}

async function once(o: RunOptions, seconds: number): Promise<Measured> {
  const result = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    headers: o.headers,
    body: o.body,
    connections: o.connections,
    duration: seconds,
    ...(o.setup
      ? {
          requests: [
            {
              method: o.method ?? 'GET',
              setupRequest: o.setup as never,
            },
          ],
        }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Warm up, then the median (by throughput) of `repeats` measured runs. */
export async function measure(o: RunOptions, repeats: number): Promise<Measured> {
  if (o.warmupSeconds > 0) await once(o, o.warmupSeconds);
  const runs: Measured[] = [];
  for (let i = 0; i < repeats; i++) runs.push(await once(o, o.seconds));
  runs.sort((a, b) => a.rps - b.rps);
  return runs[Math.floor(runs.length / 2)]!;
}

export interface Child {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a child process and waits for a line matching `ready`; returns the matched URL. */
export function startChild(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`child did not start: ${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1] ?? m[0],
          proc,
          stop: () =>
            new Promise((r) => {
              proc.once('exit', () => r());
              proc.kill('SIGTERM');
            }),
        });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited with ${code}: ${out}`));
    });
  });
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
