// The claim (CONTRACT 11.3): an external party becomes an organization. Its connection turns into
// an ordinary active connection between the owner and the claiming organization, and every
// document on it into an ordinary document between them, keeping its id, numbers, history (the
// hash chain is never rewritten: no entry names a party by anything the claim changes), proof
// chain and e-invoice bytes (stored in einvoice_exports; the frozen profiles stay as issued).
// h38-recipient checks the one-time code and calls this; this is the whole state change.
import { sql } from 'kysely';
import type { Tx } from '../../context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';

export interface ClaimResult {
  party_id: string;
  connection_id: string;
  owner_organization_id: string;
  claimed_organization_id: string;
  /** how many documents moved to the claiming organization */
  documents: number;
}

export async function claimExternalParty(
  trx: Tx,
  partyId: string,
  claimingOrganizationId: string,
  now: Date,
): Promise<ClaimResult> {
  const party = await trx
    .selectFrom('external_parties as xp')
    .innerJoin('organizations as o', 'o.id', 'xp.id')
    .innerJoin('connections as c', 'c.external_party_id', 'xp.id')
    .select([
      'xp.id',
      'xp.owner_organization_id',
      'xp.claimed_organization_id',
      'o.environment',
      'c.id as connection_id',
    ])
    .where('xp.id', '=', partyId)
    .forUpdate('xp')
    .executeTakeFirst();
  if (!party) throw notFound('external party');
  if (party.claimed_organization_id !== null) {
    throw new ApiError('conflict', 'This party has already been claimed.');
  }
  const claimer = await trx
    .selectFrom('organizations')
    .select(['id', 'environment', 'external', 'demo'])
    .where('id', '=', claimingOrganizationId)
    .executeTakeFirst();
  if (!claimer || claimer.external || claimer.demo) throw notFound('organization');
  if (claimer.environment !== party.environment) {
    throw new ApiError(
      'sandbox_isolation',
      'Sandbox and live organizations never meet: claim this party with an organization of its own environment.',
    );
  }
  if (claimer.id === party.owner_organization_id) {
    throw new ApiError(
      'conflict',
      'An organization cannot claim a party it added itself: the claim is made by the business the party stands for.',
    );
  }
  await trx
    .updateTable('connections')
    .set({ recipient_organization_id: claimer.id })
    .where('id', '=', party.connection_id)
    .execute();
  // The party is the counterparty of what its owner issued and the issuer of what it sent in;
  // claimed_party_id takes the moved documents out of the per-organization number checks
  // (migration 0029), since their numbers came from the party's own sequence.
  const moved = await sql<{ id: string }>`
    update documents set
      counterparty_organization_id = case when counterparty_organization_id = ${party.id}
        then ${claimer.id} else counterparty_organization_id end,
      issuer_organization_id = case when issuer_organization_id = ${party.id}
        then ${claimer.id} else issuer_organization_id end,
      claimed_party_id = ${party.id}
    where connection_id = ${party.connection_id}
    returning id`.execute(trx);
  await trx
    .updateTable('payments')
    .set((eb) => ({
      payer_organization_id: eb
        .case()
        .when('payer_organization_id', '=', party.id)
        .then(claimer.id)
        .else(eb.ref('payer_organization_id'))
        .end(),
      payee_organization_id: eb
        .case()
        .when('payee_organization_id', '=', party.id)
        .then(claimer.id)
        .else(eb.ref('payee_organization_id'))
        .end(),
    }))
    .where('document_id', 'in', (eb) =>
      eb.selectFrom('documents').select('id').where('connection_id', '=', party.connection_id),
    )
    .execute();
  await trx
    .updateTable('external_parties')
    .set({ claimed_organization_id: claimer.id, claimed_at: now, updated_at: now })
    .where('id', '=', party.id)
    .execute();
  return {
    party_id: party.id,
    connection_id: party.connection_id,
    owner_organization_id: party.owner_organization_id,
    claimed_organization_id: claimer.id,
    documents: moved.rows.length,
  };
}
