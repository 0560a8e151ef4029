// Everything a domain function needs from the running service, passed explicitly.

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { Clock } from './lib/clock.ts';
import type { Sealer } from './lib/master-key.ts';

export interface DeploymentSecrets {
  /** SHA-256 of the operator token. */
  operatorTokenHash: string;
  /** HMAC key for cursors, signed download URLs and stored Idempotency-Keys. */
  hmacKey: Buffer;
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
}

/** A transaction handle: functions that take row locks require one. */
export type Tx = Transaction<DB>;
