// Every organization's treasury accounts, opened in the organization's own creation
// transaction (CONTRACT 4): USD, EUR, GBP and CAD; a sandbox organization's funded with practice
// money, live ones at zero.
import type { Tx } from '../../context.ts';
import { CURRENCIES } from '../../lib/currencies.ts';
import { newId } from '../../lib/ids.ts';
import { parseMoney } from '../../lib/money.ts';
import { type AccountRow, type Environment, externalAccountId, treasuryAccountName } from './accounts.ts';
import { writeTransfers } from './transfers.ts';

/** Practice money every sandbox organization starts with, per currency (CONTRACT 4). */
export const SANDBOX_OPENING_BALANCE = '1000000.00';

/**
 * Creates the organization's four treasury accounts; a sandbox organization's are funded with
 * SANDBOX_OPENING_BALANCE each by opening transfers from the external account, so that every
 * balance is the sum of its entries from the first moment. Runs inside the organization's
 * creation transaction (two statements).
 */
export async function createOrganizationAccounts(
  trx: Tx,
  org: { id: string; environment: Environment; created_at: Date },
): Promise<AccountRow[]> {
  const now = org.created_at;
  const accounts = await trx
    .insertInto('ledger_accounts')
    .values(
      CURRENCIES.map((currency) => ({
        id: newId('acct'),
        organization_id: org.id,
        kind: 'treasury' as const,
        environment: org.environment,
        currency,
        name: treasuryAccountName(currency),
        created_at: now,
      })),
    )
    .returningAll()
    .execute();
  if (org.environment !== 'sandbox') return accounts;
  const opening = parseMoney(SANDBOX_OPENING_BALANCE);
  await writeTransfers(
    trx,
    accounts.map((a) => ({
      kind: 'opening',
      currency: a.currency,
      environment: a.environment,
      amount: opening,
      paymentId: null,
      fromAccountId: externalAccountId(a.environment, a.currency),
      toAccountId: a.id,
      debitDescription: `Sandbox opening balance for ${a.id}`,
      creditDescription: 'Opening balance (sandbox practice funds)',
      transferDescription: 'Opening balance (sandbox practice funds)',
    })),
    now,
  );
  // The returned rows predate the opening entries; read them again so balances are current.
  return trx
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('organization_id', '=', org.id)
    .orderBy('currency')
    .execute();
}
