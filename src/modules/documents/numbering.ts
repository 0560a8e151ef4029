// Document numbers (CONTRACT 3): sequential per organization and prefix, six digits at least
// (INV-000042). A counter row per (organization, prefix) is incremented by the same statement
// that writes the document, so the row lock is held only for that statement and its commit: the
// number is the last thing a create or issue decides. Until then the number is a placeholder that
// the statement replaces in every text that carries it (the history entry and its hash, events).
import { type Statement, stmt } from '../../db/statement.ts';
import { base62Id } from '../../lib/ids.ts';

export interface Numbering {
  organizationId: string;
  prefix: string;
  /** A token that cannot occur in user input by chance; replaced by the assigned number. */
  placeholder: string;
}

export function numbering(organizationId: string, prefix: string): Numbering {
  return { organizationId, prefix, placeholder: `@@docex-number-${base62Id(22)}@@` };
}

/**
 * A data-modifying CTE body that takes the next value of the counter and returns `number`.
 * First use of a prefix inserts the row; ON CONFLICT makes concurrent first uses take turns.
 */
export function counterCte(n: Numbering): Statement {
  return stmt`insert into document_counters (organization_id, prefix, last_value)
    values (${n.organizationId}, ${n.prefix}, 1)
    on conflict (organization_id, prefix) do update set last_value = document_counters.last_value + 1
    returning prefix || lpad(last_value::text, greatest(6, length(last_value::text)), '0') as number`;
}
