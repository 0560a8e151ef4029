// The typed configuration (CONTRACT 0): defaults, overrides, and refusals with a clear message.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

test('defaults: 127.0.0.1:8080, development, ./data, PGlite, open signup, no test clock, 100/s', () => {
  const c = loadConfig({});
  assert.equal(c.host, '127.0.0.1');
  assert.equal(c.port, 8080);
  assert.equal(c.env, 'development');
  assert.equal(c.dataDir, resolve('./data'));
  assert.equal(c.databaseUrl, null);
  assert.equal(c.redisUrl, null);
  assert.equal(c.operatorToken, null);
  assert.equal(c.testClock, false);
  assert.equal(c.familiesDisabled.size, 0);
  assert.equal(c.signupOpen, true);
  assert.equal(c.trustProxy, false);
  assert.equal(c.rateLimitPerSecond, 100);
  assert.equal(c.authRateLimitPerMinute, 20);
  assert.equal(c.masterKey, null);
  assert.equal(c.baseUrl, 'http://127.0.0.1:8080');
  assert.equal(c.inProcessWorker, true);
});

test('overrides from the environment', () => {
  const c = loadConfig({
    HOST: '0.0.0.0',
    PORT: '9090',
    DOCEX_ENV: 'production',
    DOCEX_DATA_DIR: '/tmp/docex-x',
    DATABASE_URL: 'postgres://u@h/db',
    REDIS_URL: 'redis://h:6379',
    DOCEX_OPERATOR_TOKEN: 'op_x',
    DOCEX_TEST_CLOCK: '1',
    DOCEX_FAMILIES_DISABLED: 'finance,treasury',
    DOCEX_SIGNUP: 'closed',
    DOCEX_TRUST_PROXY: '1',
    DOCEX_RATE_LIMIT: '7',
    DOCEX_IN_PROCESS_WORKER: '0',
  });
  assert.equal(c.host, '0.0.0.0');
  assert.equal(c.port, 9090);
  assert.equal(c.env, 'production');
  assert.equal(c.dataDir, '/tmp/docex-x');
  assert.equal(c.databaseUrl, 'postgres://u@h/db');
  assert.equal(c.redisUrl, 'redis://h:6379');
  assert.equal(c.operatorToken, 'op_x');
  assert.equal(c.testClock, true);
  assert.deepEqual([...c.familiesDisabled].sort(), ['finance', 'treasury']);
  assert.equal(c.signupOpen, false);
  assert.equal(c.trustProxy, 1);
  assert.equal(c.rateLimitPerSecond, 7);
  assert.equal(c.inProcessWorker, false);
  // a wildcard bind address is shown as loopback in the base URL
  assert.equal(c.baseUrl, 'http://127.0.0.1:9090');
  assert.equal(loadConfig({ DOCEX_BASE_URL: 'https://api.example.com/' }).baseUrl, 'https://api.example.com');
});

test('flags: only clear yes-values turn a switch on', () => {
  for (const v of ['1', 'true', 'TRUE', 'yes', 'on'])
    assert.equal(loadConfig({ DOCEX_TEST_CLOCK: v }).testClock, true, v);
  for (const v of ['', '0', 'false', 'no', 'off'])
    assert.equal(loadConfig({ DOCEX_TEST_CLOCK: v }).testClock, false, v);
});

test('invalid values are refused with a ConfigError naming the variable', () => {
  const bad: Record<string, string>[] = [
    { PORT: 'eighty' },
    { PORT: '70000' },
    { PORT: '-1' },
    { DOCEX_ENV: 'staging' },
    { DOCEX_SIGNUP: 'maybe' },
    { DOCEX_RATE_LIMIT: '0' },
    { DOCEX_RATE_LIMIT: '1.5' },
    { DOCEX_FAMILIES_DISABLED: 'documents,unicorns' },
  ];
  for (const env of bad) {
    const name = Object.keys(env)[0]!;
    assert.throws(
      () => loadConfig(env),
      (err: unknown) => err instanceof ConfigError && err.message.includes(name),
      JSON.stringify(env),
    );
  }
});

test('DOCEX_TRUST_PROXY: a hop count or a CIDR list; "true" (every hop) is refused with the reason', () => {
  assert.equal(loadConfig({ DOCEX_TRUST_PROXY: '2' }).trustProxy, 2);
  assert.equal(loadConfig({ DOCEX_TRUST_PROXY: '0' }).trustProxy, false);
  assert.deepEqual(loadConfig({ DOCEX_TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).trustProxy, [
    '10.0.0.0/8',
    '192.0.2.7',
    '::1',
  ]);
  for (const v of ['true', 'TRUE', 'yes', 'on']) {
    assert.throws(
      () => loadConfig({ DOCEX_TRUST_PROXY: v }),
      (err: unknown) =>
        err instanceof ConfigError && /trust every hop/.test(err.message) && /CIDR/.test(err.message),
    );
  }
  assert.throws(() => loadConfig({ DOCEX_TRUST_PROXY: '10.0.0.0/33' }), /not an address or CIDR/);
  assert.throws(() => loadConfig({ DOCEX_TRUST_PROXY: '99' }), /hop count/);
});

test('DOCEX_ENV defaults to development only on a loopback bind address', () => {
  for (const host of ['127.0.0.1', '127.8.9.1', '::1', '[::1]', 'localhost']) {
    assert.equal(loadConfig({ HOST: host }).env, 'development');
  }
  for (const host of ['0.0.0.0', '::', '192.0.2.10', 'docex.example.com']) {
    assert.throws(
      () => loadConfig({ HOST: host }),
      (err: unknown) =>
        err instanceof ConfigError && /DOCEX_ENV/.test(err.message) && err.message.includes(host),
    );
    assert.equal(loadConfig({ HOST: host, DOCEX_ENV: 'production' }).env, 'production');
    assert.equal(loadConfig({ HOST: host, DOCEX_ENV: 'development' }).env, 'development');
  }
});

test('DOCEX_AUTH_RATE_LIMIT and DOCEX_MASTER_KEY are read', () => {
  const c = loadConfig({ DOCEX_AUTH_RATE_LIMIT: '500', DOCEX_MASTER_KEY: 'mk' });
  assert.equal(c.authRateLimitPerMinute, 500);
  assert.equal(c.masterKey, 'mk');
  assert.throws(() => loadConfig({ DOCEX_AUTH_RATE_LIMIT: '0' }), /DOCEX_AUTH_RATE_LIMIT/);
});

test('the embedded database: shared_buffers 8 MB and Liftoff-only by default, both overridable', () => {
  assert.deepEqual(loadConfig({}).pglite, { sharedBuffersMb: 8, liftoffOnly: true });
  assert.deepEqual(
    loadConfig({ DOCEX_PGLITE_SHARED_BUFFERS_MB: '128', DOCEX_PGLITE_LIFTOFF_ONLY: '0' }).pglite,
    { sharedBuffersMb: 128, liftoffOnly: false },
  );
  assert.equal(loadConfig({ DOCEX_PGLITE_LIFTOFF_ONLY: '1' }).pglite.liftoffOnly, true);
  for (const bad of ['0', '-1', '1.5', '16MB', '5000']) {
    assert.throws(
      () => loadConfig({ DOCEX_PGLITE_SHARED_BUFFERS_MB: bad }),
      (err: unknown) =>
        err instanceof ConfigError && /DOCEX_PGLITE_SHARED_BUFFERS_MB must be an integer/.test(err.message),
      bad,
    );
  }
});
