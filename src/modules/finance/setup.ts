// Finance setup (CONTRACT 7): the organization's settlement account (as a borrower) and funding
// account (as a lender), and the standing authorization that says, in words, what the repayment
// sweep may do. The borrower echoes the authorization's digest to accept an offer, so an
// acceptance is bound to the exact text in force: change the setup and old digests are stale.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { FinanceSetupsTable } from '../../db/tables/finance.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError, type FieldProblem, invalid } from '../../lib/errors.ts';
import { requireVerified } from '../identity/capabilities.ts';
import type { SetupBodyT, SetupView } from './schemas.ts';

/** Bumped whenever the wording changes: every digest issued before then becomes stale. */
const AUTHORIZATION_VERSION = 1;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The standing authorization's text for an organization and its settlement account. */
export function authorizationText(
  org: { id: string; name: string },
  settlement: { id: string; currency: string },
): string {
  return [
    `docex finance standing authorization, version ${AUTHORIZATION_VERSION}.`,
    `${org.name} (${org.id}) authorizes docex, for every finance agreement it accepts as borrower while this authorization is in force:`,
    `when an invoice pledged under that agreement settles through docex, to move min(the proceeds of that settlement, the amount then owed under the agreement) from its settlement account ${settlement.id} (${settlement.currency}) to the lender's funding account named in the agreement, on the same payment rail the invoice was paid on, booked as a payment against the agreement's repayment document (RPY-), once per settlement.`,
    'docex initiates no other payment under this authorization.',
  ].join('\n');
}

export type SetupRow = FinanceSetupsTable;

export async function loadSetup(db: Kysely<DB>, organizationId: string): Promise<SetupRow | undefined> {
  return db
    .selectFrom('finance_setups')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export function setupView(row: SetupRow): SetupView {
  return {
    organization_id: row.organization_id,
    settlement_account_id: row.settlement_account_id,
    funding_account_id: row.funding_account_id,
    standing_authorization: { text: row.authorization_text, digest: row.authorization_digest },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The setup an organization needs for a finance step, or invalid_request saying how to make one. */
export async function requireSetup(db: Kysely<DB>, organizationId: string, role: string): Promise<SetupRow> {
  const row = await loadSetup(db, organizationId);
  if (!row) {
    throw invalid(
      [],
      `Set up finance first: choose your settlement and funding accounts in the finance setup (needed ${role}).`,
    );
  }
  return row;
}

/** GET /v1/finance/setup. */
export async function getSetup(ctx: AppContext, principal: Principal): Promise<SetupView> {
  requireVerified(principal, 'finance');
  const row = await loadSetup(ctx.db, principal.organization.id);
  if (!row) {
    throw new ApiError(
      'not_found',
      'This organization has no finance setup yet: create it by choosing its settlement and funding accounts.',
    );
  }
  return setupView(row);
}

/** PUT /v1/finance/setup: creates or replaces the setup; the authorization follows the accounts. */
export async function putSetup(ctx: AppContext, principal: Principal, body: SetupBodyT): Promise<SetupView> {
  requireVerified(principal, 'finance');
  const org = principal.organization;
  const ids = [body.settlement_account_id, body.funding_account_id];
  const accounts = await ctx.db
    .selectFrom('ledger_accounts')
    .select(['id', 'currency'])
    .where('organization_id', '=', org.id)
    .where('kind', '=', 'treasury')
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const problems: FieldProblem[] = [];
  for (const path of ['settlement_account_id', 'funding_account_id'] as const) {
    if (!byId.has(body[path])) {
      problems.push({ path, message: 'is not one of your treasury accounts' });
    }
  }
  if (problems.length > 0) throw invalid(problems);
  const settlement = byId.get(body.settlement_account_id)!;
  const text = authorizationText(org, settlement);
  const now = ctx.clock.now();
  const row = await ctx.db
    .insertInto('finance_setups')
    .values({
      organization_id: org.id,
      settlement_account_id: body.settlement_account_id,
      funding_account_id: body.funding_account_id,
      authorization_text: text,
      authorization_digest: sha256Hex(text),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet({
        settlement_account_id: body.settlement_account_id,
        funding_account_id: body.funding_account_id,
        authorization_text: text,
        authorization_digest: sha256Hex(text),
        updated_at: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return setupView(row);
}
