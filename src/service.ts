// Opening a deployment: database, migrations, deployment secrets, clock, rate limiter, logger.
import { randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openPGlite, openPostgres } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { upgradeLegacyIdempotencyKeys } from './http/idempotency.ts';
import { memoryRateLimiter, redisRateLimiter } from './http/rate-limit.ts';
import { offsetClock, systemClock } from './lib/clock.ts';
import { randomBase62 } from './lib/ids.ts';
import { requestSerializer } from './lib/log-redaction.ts';
import { loadMasterKeys, makeSealer, type Sealer } from './lib/master-key.ts';
import { makePrivateDir } from './lib/private-dir.ts';
import { getOrCreateSetting } from './lib/settings.ts';
import { hashToken } from './lib/tokens.ts';
import { loadTestClockOffset } from './modules/meta/test-clock.ts';
import { resealSigningKey } from './modules/provenance/signing-key.ts';
import { resealWebhookSecrets } from './modules/webhooks/endpoints.ts';
import { wireModules } from './modules/wiring.ts';

export interface OpenOptions {
  /** Use this database instead of opening one from the config (the test harness). */
  database?: Database;
  logger?: FastifyBaseLogger;
  /** Skip migrations (the database is known to be migrated). */
  skipMigrations?: boolean;
}

export interface OpenedService {
  ctx: AppContext;
  /** Set when this start generated the operator token: it is shown once, at first start. */
  newOperatorToken: string | null;
}

export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPGlite({ dataDir: config.dataDir, settings: config.pglite });
}

function operatorTokenFile(config: Config): string {
  return join(config.dataDir, 'operator-token');
}

/** The service's logger: JSON lines, request URLs with their secret query values redacted. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: pino.DestinationStream,
): FastifyBaseLogger {
  const options = {
    level: config.logLevel,
    base: { service: 'docex' },
    serializers: { req: requestSerializer },
  };
  return (destination ? pino(options, destination) : pino(options)) as unknown as FastifyBaseLogger;
}

export async function openService(config: Config, opts: OpenOptions = {}): Promise<OpenedService> {
  wireModules();
  const log = opts.logger ?? createLogger(config);
  const database = opts.database ?? (await openDatabase(config));
  if (!opts.skipMigrations) await migrate(database);
  const now = new Date();

  // The operator token: DOCEX_OPERATOR_TOKEN wins; otherwise generated once and kept (its hash in
  // the database for every process, the token itself in the data dir for the person who runs it).
  let newOperatorToken: string | null = null;
  let operatorTokenHash: string;
  if (config.operatorToken) {
    operatorTokenHash = hashToken(config.operatorToken);
  } else {
    const generated = `op_${randomBase62(40)}`;
    const setting = await getOrCreateSetting(
      database.db,
      'operator_token_sha256',
      () => hashToken(generated),
      now,
    );
    operatorTokenHash = setting.value;
    if (setting.created) {
      newOperatorToken = generated;
      try {
        makePrivateDir(config.dataDir);
        writeFileSync(operatorTokenFile(config), `${generated}\n`, { mode: 0o600 });
        chmodSync(operatorTokenFile(config), 0o600);
      } catch (err) {
        log.warn({ err }, 'could not write the operator token file');
      }
    }
  }
  // Secrets at rest (CONTRACT 10): sealed under a master key kept outside the database. Whatever
  // is not yet sealed under the current key (1.14.0's plain values, or a rotation's previous key)
  // is sealed again now, before any request.
  const sealer = makeSealer(loadMasterKeys(config));
  const hmacKey = await deploymentHmacKey(database, sealer, now);
  await resealSigningKey(database.db, sealer);
  await resealWebhookSecrets(database.db, sealer);
  // 1.14.0 kept Idempotency-Keys as bare hashes: converted to the HMAC form before any request.
  await upgradeLegacyIdempotencyKeys(database.db, hmacKey);

  const clock = config.testClock
    ? offsetClock(await loadTestClockOffset({ db: database.db }, now))
    : systemClock();
  const rateLimiter = config.redisUrl
    ? redisRateLimiter(config.redisUrl, config.rateLimitPerSecond)
    : memoryRateLimiter(config.rateLimitPerSecond);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    secrets: { operatorTokenHash, hmacKey, sealer },
    rateLimiter,
    log,
  };
  return { ctx, newOperatorToken };
}

/** The deployment's HMAC key, kept sealed in deployment_settings (sealed in place if it was not). */
async function deploymentHmacKey(database: Database, sealer: Sealer, now: Date): Promise<Buffer> {
  const { value } = await getOrCreateSetting(
    database.db,
    'hmac_key',
    () => sealer.seal(randomBytes(32).toString('base64')),
    now,
  );
  const plain = sealer.isSealed(value) ? sealer.open(value) : value;
  if (!sealer.isCurrent(value)) {
    await database.db
      .updateTable('deployment_settings')
      .set({ value: sealer.seal(plain) })
      .where('name', '=', 'hmac_key')
      .where('value', '=', value)
      .execute();
  }
  return Buffer.from(plain, 'base64');
}

export async function closeService(ctx: AppContext): Promise<void> {
  await ctx.rateLimiter.close();
  await ctx.database.close();
}
