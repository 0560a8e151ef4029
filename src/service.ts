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
import { getOrCreateSetting } from './db/settings.ts';
import { untilDatabaseAnswers } from './db/wait-for-database.ts';
import { upgradeLegacyIdempotencyKeys } from './http/idempotency.ts';
import { memoryRateLimiter, redisRateLimiter } from './http/rate-limit.ts';
import { offsetClock, systemClock } from './lib/clock.ts';
import { randomBase62 } from './lib/ids.ts';
import { requestSerializer } from './lib/log-redaction.ts';
import { loadMasterKeys, makeSealer, type Sealer } from './lib/master-key.ts';
import { makePrivateDir } from './lib/private-dir.ts';
import { hashToken } from './lib/tokens.ts';
import { resealRecipientLinks } from './modules/delivery/recipient-link.ts';
import { loadTestClockOffset } from './modules/meta/test-clock.ts';
import { resealSigningKey } from './modules/tlog/signing-key.ts';
import { resealWebhookSecrets } from './modules/webhooks/endpoints.ts';
import { wireModules } from './modules/wiring.ts';
import { traceHooks } from './observability/trace-hooks.ts';
import {
  type EraseReport,
  eraseOldCopies,
  loadPreviousHmacKey,
  type RotationReport,
  rotateSecrets,
} from './secret-rotation.ts';
import { API_VERSION } from './version.ts';

export interface OpenOptions {
  /** Use this database instead of opening one from the config (the test harness). */
  database?: Database;
  logger?: FastifyBaseLogger;
  /** Skip migrations (the database is known to be migrated). */
  skipMigrations?: boolean;
  /** Rotate every secret now (`docex rotate-secrets`), not only when an upgrade calls for it. */
  rotateSecrets?: boolean;
}

export interface OpenedService {
  ctx: AppContext;
  /** Set when this start generated the operator token: it is shown once, at first start. */
  newOperatorToken: string | null;
  /** What this start rotated (src/secret-rotation.ts), and what it erased after; null if nothing. */
  rotation: { report: RotationReport; erased: EraseReport } | null;
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
  config: Pick<Config, 'logLevel' | 'tracing'>,
  destination?: pino.DestinationStream,
): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { service: 'docex' },
    serializers: { req: requestSerializer },
  };
  // With tracing on, a line logged inside a span names its trace (a request's logger has it
  // bound already: src/observability/tracing.ts).
  if (config.tracing) options.mixin = traceMixin;
  return (destination ? pino(options, destination) : pino(options)) as unknown as FastifyBaseLogger;
}

function traceMixin(_merge: object, _level: number, logger: pino.Logger): object {
  const id = traceHooks()?.traceId();
  if (id === undefined || 'trace_id' in logger.bindings()) return {};
  return { trace_id: id };
}

export async function openService(config: Config, opts: OpenOptions = {}): Promise<OpenedService> {
  wireModules();
  const log = opts.logger ?? createLogger(config);
  // The OpenTelemetry SDK is loaded only when traces are exported.
  const tracing = config.tracing
    ? (await import('./observability/tracing.ts')).startTracing({ ...config.tracing, version: API_VERSION })
    : undefined;
  const database = opts.database ?? (await openDatabase(config));
  // Started while the database cannot be reached, the process waits for it (issue 46).
  if (!opts.skipMigrations) await untilDatabaseAnswers(log, 'migrations', () => migrate(database));
  // Generated once, outside the retries: a first attempt whose insert committed but whose answer
  // was lost must still find (and write out) the token it stored.
  const generatedToken = config.operatorToken ? null : `op_${randomBase62(40)}`;
  const prepare = () => prepareDeployment(config, opts, database, log, generatedToken);
  // A forced rotation (`docex rotate-secrets`) runs once: whether a cut attempt committed is not
  // known, and rotating twice would retire the previous secrets early.
  const { newOperatorToken, operatorTokenHash, clock, sealer, rotation, hmacKey, previousHmacKey } =
    opts.rotateSecrets ? await prepare() : await untilDatabaseAnswers(log, 'deployment settings', prepare);

  const rateLimiter = config.redisUrl
    ? redisRateLimiter(config.redisUrl, config.rateLimitPerSecond)
    : memoryRateLimiter(config.rateLimitPerSecond);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    secrets: { operatorTokenHash, hmacKey, previousHmacKey, sealer },
    rateLimiter,
    log,
    ...(tracing ? { tracing } : {}),
  };
  if (config.metricsListen) {
    // prom-client is loaded only when metrics are on.
    const [{ Metrics }, { metricsSources }] = await Promise.all([
      import('./observability/metrics.ts'),
      import('./backlogs.ts'),
    ]);
    ctx.metrics = new Metrics(metricsSources(ctx));
  }
  return { ctx, newOperatorToken, rotation };
}

/** What a start reads or makes in the database before it serves (run again if the database went away). */
interface Deployment {
  newOperatorToken: string | null;
  operatorTokenHash: string;
  clock: AppContext['clock'];
  sealer: Sealer;
  rotation: OpenedService['rotation'];
  hmacKey: Buffer;
  previousHmacKey: AppContext['secrets']['previousHmacKey'];
}

async function prepareDeployment(
  config: Config,
  opts: OpenOptions,
  database: Database,
  log: FastifyBaseLogger,
  generatedToken: string | null,
): Promise<Deployment> {
  const now = new Date();

  // The operator token: DOCEX_OPERATOR_TOKEN wins; otherwise generated once and kept (its hash in
  // the database for every process, the token itself in the data dir for the person who runs it).
  let newOperatorToken: string | null = null;
  let operatorTokenHash: string;
  if (config.operatorToken) {
    operatorTokenHash = hashToken(config.operatorToken);
  } else {
    const generated = generatedToken ?? `op_${randomBase62(40)}`;
    const setting = await getOrCreateSetting(
      database.db,
      'operator_token_sha256',
      () => hashToken(generated),
      now,
    );
    operatorTokenHash = setting.value;
    if (setting.created || setting.value === hashToken(generated)) {
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
  const clock = config.testClock
    ? offsetClock(await loadTestClockOffset({ db: database.db }, now))
    : systemClock();
  // Secrets at rest (CONTRACT 10): sealed under a master key kept outside the database. Whatever
  // is not yet sealed under the current key (1.14.0's plain values, or a rotation's previous key)
  // is sealed again now, before any request.
  const sealer = makeSealer(loadMasterKeys(config));
  await deploymentHmacKey(database, sealer, now);
  await resealSigningKey(database.db, sealer);
  await resealWebhookSecrets(database.db, sealer);
  await resealRecipientLinks(database.db, sealer);
  // Sealing the rows left the values they had in clear in the database's files: at the first start
  // after such an upgrade (or on the operator's demand) every secret is replaced, and the old
  // copies docex can reach are erased (src/secret-rotation.ts).
  let rotation: OpenedService['rotation'] = null;
  const report = await rotateSecrets(database.db, sealer, clock.now(), {
    force: opts.rotateSecrets === true,
  });
  if (report) {
    const erased = await eraseOldCopies(database);
    rotation = { report, erased };
    log.warn(
      { rotated: report, refused: erased.refused },
      'secrets rotated: new HMAC and log-signing keys, and a new secret for every webhook endpoint (the old one signs too for 24 hours); see docs/security.md',
    );
  }
  // Read after the rotation, whichever process ran it (another one starting at the same time may).
  const hmacKey = await deploymentHmacKey(database, sealer, now);
  const previousHmacKey = await loadPreviousHmacKey(database.db, sealer, clock.now());
  // 1.14.0 kept Idempotency-Keys as bare hashes: converted to the HMAC form before any request.
  await upgradeLegacyIdempotencyKeys(database.db, hmacKey);
  return { newOperatorToken, operatorTokenHash, clock, sealer, rotation, hmacKey, previousHmacKey };
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
  await ctx.tracing?.shutdown();
  await ctx.rateLimiter.close();
  await ctx.database.close();
}
