// Conditions a single statement of data-modifying CTEs was decided on (docex_require, migration
// 0009). A write decided on facts read earlier (a cached connection, an Idempotency-Key it means to
// claim) states them as requirements of its own statement: if one no longer holds when the
// statement runs, the statement fails as a whole and nothing is written, and the caller learns
// which one failed and takes the slower path.
import { type Statement, stmt } from './statement.ts';
import { pgErrorCode } from './transaction.ts';

const REQUIREMENT_FAILED = 'DX001';

/** An output expression that fails the statement with `reason` unless `condition` is true. */
export function requirement(condition: Statement, reason: string): Statement {
  return stmt`docex_require(${condition}, ${reason}::text)`;
}

/** True when `err` is the failure of the requirement named `reason`. */
export function failedRequirement(err: unknown, reason: string): boolean {
  return pgErrorCode(err) === REQUIREMENT_FAILED && err instanceof Error && err.message === reason;
}
