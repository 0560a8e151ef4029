// `docex serve` and `docex worker` as real processes with DOCEX_METRICS_LISTEN (issue 41 item 3):
// the banner names the metrics address, a scrape of the live listener passes `promtool check
// metrics`, and the public port answers /metrics with 404; a worker serves its own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { spawnDocex } from '../helpers/docex-process.ts';

let dataDir: string;
let pgDb: TestDatabase | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docex-metrics-'));
  if (process.env.DATABASE_URL) pgDb = await freshDatabase();
});
after(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await pgDb?.drop();
});

function baseEnv(port: number, metricsPort: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    DOCEX_DATA_DIR: dataDir,
    DOCEX_METRICS_LISTEN: `127.0.0.1:${metricsPort}`,
    LOG_LEVEL: 'warn',
  };
  if (pgDb?.url) env.DATABASE_URL = pgDb.url;
  return env;
}

test('docex serve with DOCEX_METRICS_LISTEN: a live scrape that promtool accepts; no /metrics on the public port', async () => {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const env = baseEnv(port, metricsPort);
  const child = spawnDocex(['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    // The banner is written once both listeners are up.
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (/metrics:\s+\S+\/metrics\n/.test(out)) resolve();
        else if (child.exitCode !== null) reject(new Error(`exited ${child.exitCode}: ${out}\n${err}`));
      };
      child.stdout.on('data', check);
      child.on('exit', check);
      check();
    });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    assert.match(out, new RegExp(`metrics:\\s+${metricsUrl.replace(/[.]/g, '\\.')}\\n`));
    const base = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${base}/v1/enablement`)).status, 200);
    const pub = await fetch(`${base}/metrics`);
    assert.equal(pub.status, 404);
    await pub.arrayBuffer();

    const res = await fetch(metricsUrl);
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(
      text,
      /^docex_http_requests_total\{method="GET",route="\/v1\/enablement",status="200",code="none"\} 1$/m,
    );
    assert.match(
      text,
      /^docex_http_requests_total\{method="GET",route="unmatched",status="404",code="not_found"\} 1$/m,
    );
    assert.match(text, /^docex_db_up 1$/m);
    assert.match(text, /^docex_db_role\{role="primary"\} 1$/m);
    assert.match(text, /^process_resident_memory_bytes \d+/m);

    const promtool = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    if (promtool.error) {
      if (process.env.DOCEX_REQUIRE_PROMTOOL === '1')
        assert.fail('promtool is not installed (Debian package prometheus) and DOCEX_REQUIRE_PROMTOOL=1');
      console.log(
        '# promtool not installed (apt-get install prometheus): the live exposition was not linted',
      );
    } else {
      assert.equal(promtool.status, 0, `promtool: ${promtool.stdout}${promtool.stderr}`);
      assert.equal(`${promtool.stdout}${promtool.stderr}`.trim(), '');
    }
  } finally {
    child.kill('SIGTERM');
    assert.equal(await exited, 0, err);
  }
});

test('docex worker with DOCEX_METRICS_LISTEN serves its own metrics: its tasks passes and lag', async () => {
  const metricsPort = await freePort();
  const env = { ...baseEnv(await freePort(), metricsPort), LOG_LEVEL: 'info' };
  const child = spawnDocex(['worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (out.includes('docex worker running; metrics at')) resolve();
        else if (child.exitCode !== null) reject(new Error(`exited ${child.exitCode}: ${out}\n${err}`));
      };
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        check();
      });
      child.on('exit', check);
    });
    assert.match(out, new RegExp(`metrics at http://127\\.0\\.0\\.1:${metricsPort}`));
    // The fan-out idles 500 ms between passes: its first pass is reported within moments.
    let text = '';
    for (let i = 0; i < 600; i++) {
      text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      if (/^docex_worker_passes_total\{task="webhooks-fanout",outcome="ok"\} [1-9]/m.test(text)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.match(text, /^docex_worker_passes_total\{task="webhooks-fanout",outcome="ok"\} [1-9]/m);
    assert.match(text, /^docex_worker_lag_seconds\{task="webhooks-fanout"\} [0-9.e-]+$/m);
    assert.match(text, /^docex_db_up 1$/m);
    assert.doesNotMatch(text, /^docex_http_requests_total\{/m, 'a worker answers no requests');
  } finally {
    child.kill('SIGTERM');
    assert.equal(await exited, 0, err);
  }
});
