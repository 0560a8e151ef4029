// Everything a domain function needs from the running service, passed explicitly.

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { Clock } from './lib/clock.ts';
import type { Sealer } from './lib/master-key.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { MetricsPort } from './observability/metrics-port.ts';
import type { Tracing } from './observability/tracing.ts';

export interface DeploymentSecrets {
  /** SHA-256 of the operator token. */
  operatorTokenHash: string;
  /** HMAC key for cursors, signed download URLs and stored Idempotency-Keys. */
  hmacKey: Buffer;
  /**
   * The HMAC key a secret rotation replaced (src/secret-rotation.ts), still accepted when
   * verifying what it signed (cursors, app CSRF tokens, Idempotency-Key records) until `until`,
   * 24 hours after the rotation at `since` (download URLs: only those it signed before `since`);
   * never used to sign anything new.
   */
  previousHmacKey: { key: Buffer; since: Date; until: Date } | null;
  /** Seals and opens the secrets kept in the database, under the master key (lib/master-key.ts). */
  sealer: Sealer;
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  clock: Clock;
  secrets: DeploymentSecrets;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Present when DOCEX_METRICS_LISTEN is set (src/observability/metrics.ts). */
  metrics?: MetricsPort;
  /** Present when OTEL_EXPORTER_OTLP_ENDPOINT is set (src/observability/tracing.ts). */
  tracing?: Tracing;
}

/** A transaction handle: functions that take row locks require one. */
export type Tx = Transaction<DB>;

/** HMAC keys for signing (the current one) and for verifying (also the previous one while valid). */
export interface HmacKeys {
  sign: Buffer;
  verify: readonly Buffer[];
}

/** The deployment's HMAC keys as of the service clock's now. */
export function hmacKeys(ctx: Pick<AppContext, 'secrets' | 'clock'>): HmacKeys {
  const previous = ctx.secrets.previousHmacKey;
  const valid = previous !== null && ctx.clock.now().getTime() < previous.until.getTime();
  return {
    sign: ctx.secrets.hmacKey,
    verify: valid ? [ctx.secrets.hmacKey, previous.key] : [ctx.secrets.hmacKey],
  };
}
