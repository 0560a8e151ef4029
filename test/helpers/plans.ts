// Measuring the plan PostgreSQL (or PGlite) gives a statement from the tables' statistics alone:
// for the statements that must pick their batch once whatever those statistics say
// (bench/README.md items 49 and 51).
import assert from 'node:assert/strict';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { inTransaction } from '../../src/db/transaction.ts';

/** A node of EXPLAIN (ANALYZE, FORMAT JSON)'s plan, as far as these tests read it. */
export interface PlanNode {
  'Node Type': string;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const allNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(allNodes)];

/** The plan's LIMIT nodes. */
export function limitNodes(plan: PlanNode): PlanNode[] {
  return allNodes(plan).filter((n) => n['Node Type'] === 'Limit');
}

/** Thrown to roll back the transaction the plan was measured in. */
class Measured extends Error {
  readonly plan: PlanNode;
  constructor(plan: PlanNode) {
    super('measured');
    this.plan = plan;
  }
}

/**
 * The plan a named statement would get from the tables' statistics (generic: made without the
 * parameters' values), executed with `args` (SQL literals) and rolled back: the measurement
 * changes nothing. `types` is the PREPARE's parameter list, e.g. `(text, int)`.
 */
export async function genericPlan(
  db: Kysely<DB>,
  text: string,
  types: string,
  args: string,
): Promise<PlanNode> {
  return inTransaction(db, async (trx) => {
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await sql.raw(`prepare plan_under_test ${types} as ${text}`).execute(trx);
    try {
      const res = await sql
        .raw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (analyze, format json) execute plan_under_test(${args})`,
        )
        .execute(trx);
      throw new Measured(res.rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      await sql`deallocate plan_under_test`.execute(trx);
    }
  }).then(
    () => assert.fail('the measuring transaction must roll back'),
    (err: unknown) => {
      if (err instanceof Measured) return err.plan;
      throw err;
    },
  );
}
