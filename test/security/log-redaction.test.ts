// Logs redact signature, cursor and token values in URLs (CONTRACT 10): a signed download URL in a
// request log would let anyone who reads the log fetch the attachment for 15 minutes.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { REDACTED, redactUrl } from '../../src/lib/log-redaction.ts';
import { closeService, createLogger, openService } from '../../src/service.ts';
import { freshDatabase } from '../helpers/database.ts';
import { TEST_MASTER_KEY } from '../helpers/harness.ts';

test('redactUrl replaces the values of secret-bearing query parameters and keeps the rest', () => {
  assert.equal(
    redactUrl('/v1/attachments/att_1/download?expires=1795574259&signature=0a1b2c'),
    `/v1/attachments/att_1/download?expires=1795574259&signature=${REDACTED}`,
  );
  assert.equal(
    redactUrl('/v1/documents?limit=20&cursor=eyJ4IjoxfQ&Token=t&%73ignature=x'),
    `/v1/documents?limit=20&cursor=${REDACTED}&Token=${REDACTED}&%73ignature=${REDACTED}`,
  );
  assert.equal(redactUrl('/v1/documents'), '/v1/documents');
  assert.equal(redactUrl('/v1/documents?q=signature'), '/v1/documents?q=signature');
  assert.equal(redactUrl('/v1/x?%E0%A4%A=1&cursor'), '/v1/x?%E0%A4%A=1&cursor');
});

test("the service's request log never carries a signature, cursor or token value", async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const db = await freshDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', DOCEX_MASTER_KEY: TEST_MASTER_KEY });
  const { ctx } = await openService(config, {
    database: db.database,
    skipMigrations: true,
    logger: createLogger(config, sink),
  });
  const app = await buildApp(ctx);
  try {
    const secrets = ['sig0123456789abcdef', 'cursorSECRETvalue', 'tokSECRETvalue'];
    await app.inject({
      method: 'GET',
      url: `/v1/attachments/att_x/download?expires=1&signature=${secrets[0]}`,
    });
    await app.inject({ method: 'GET', url: `/v1/documents?cursor=${secrets[1]}&token=${secrets[2]}` });
    const log = lines.join('');
    assert.match(log, /"url":"\/v1\/attachments\/att_x\/download\?expires=1&signature=\[redacted\]"/);
    for (const s of secrets) assert.ok(!log.includes(s), `${s} is not in the log`);
  } finally {
    await app.close();
    await closeService(ctx);
    await db.drop();
  }
});

test('the recipient token is redacted whatever the encoding of its path (issue 47)', async () => {
  const token = 'rcptTOKENsecret0123456789';
  const forms = [
    `/r/${token}`,
    `/%72/${token}`,
    `/R/${token}`,
    `//r//${token}`,
    `/v1/recipient/${token}`,
    `/v1/%72ecipient/${token}/einvoice`,
    `//V1//Recipient/${token}`,
    `/v1/recipient%2F${token}`,
    `/app/api/v1/RECIPIENT/${token}`,
  ];
  for (const f of forms) assert.ok(!redactUrl(f).includes(token), `${f} -> ${redactUrl(f)}`);
  // other paths are left as they were
  assert.equal(redactUrl('/v1/documents/r/x'), '/v1/documents/r/x');

  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const db = await freshDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', DOCEX_MASTER_KEY: TEST_MASTER_KEY });
  const { ctx } = await openService(config, {
    database: db.database,
    skipMigrations: true,
    logger: createLogger(config, sink),
  });
  const app = await buildApp(ctx);
  try {
    for (const url of forms) await app.inject({ method: 'GET', url });
    const log = lines.join('');
    assert.match(log, /\[redacted\]/);
    assert.ok(!log.includes(token), 'the token is in no log line');
  } finally {
    await app.close();
    await closeService(ctx);
    await db.drop();
  }
});
