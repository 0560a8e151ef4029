// Loan terms (CONTRACT 7): principal, a fee either flat or in basis points, grace days. Money is
// decimal throughout (src/lib/money.ts); a bps fee is rounded half-up to cents once, here, so the
// agreement, the repayment document and every view agree on the same cents.
import type { FeeType, TermsColumns } from '../../db/tables/finance.ts';
import { type FieldProblem, invalid } from '../../lib/errors.ts';
import { basisPointsFee, type Decimal, parseMoney, toMoneyNumber, toMoneyString } from '../../lib/money.ts';
import { MAX_BPS, type TermsInputT, type TermsView } from './schemas.ts';

export interface LoanTerms {
  principal: Decimal;
  feeType: FeeType;
  feeValue: Decimal;
  graceDays: number;
}

/** The fee in money. */
export function feeAmount(t: LoanTerms): Decimal {
  return t.feeType === 'flat' ? t.feeValue : basisPointsFee(t.principal, t.feeValue);
}

/** principal + fee: what the borrower repays. */
export function amountOwed(t: LoanTerms): Decimal {
  return t.principal.plus(feeAmount(t));
}

/**
 * Checks terms from a body (`path` is where they sit: ask or counter). The principal is at most
 * `maxPrincipal` (the pledged invoice's balance_due). Throws invalid_request listing every problem.
 */
export function readTerms(input: TermsInputT, path: string, maxPrincipal: Decimal): LoanTerms {
  const problems: FieldProblem[] = [];
  const principal = parseMoney(input.principal);
  const feeValue = parseMoney(input.fee.value);
  if (principal.decimalPlaces() > 2) {
    problems.push({ path: `${path}.principal`, message: 'has more than 2 decimals' });
  }
  if (principal.gt(maxPrincipal)) {
    problems.push({
      path: `${path}.principal`,
      message: `is more than the invoice's balance_due ${maxPrincipal.toFixed(2)}`,
    });
  }
  if (feeValue.decimalPlaces() > 2) {
    problems.push({ path: `${path}.fee.value`, message: 'has more than 2 decimals' });
  }
  if (input.fee.type === 'bps' && feeValue.gt(MAX_BPS)) {
    problems.push({
      path: `${path}.fee.value`,
      message: `is more than ${MAX_BPS} bps (100 % of the principal)`,
    });
  }
  if (input.fee.type === 'flat' && feeValue.gt(principal)) {
    problems.push({ path: `${path}.fee.value`, message: 'a flat fee must not exceed the principal' });
  }
  if (problems.length > 0) throw invalid(problems);
  return { principal, feeType: input.fee.type, feeValue, graceDays: input.grace_days };
}

export function termsFromColumns(c: TermsColumns): LoanTerms {
  return {
    principal: parseMoney(c.principal),
    feeType: c.fee_type,
    feeValue: parseMoney(c.fee_value),
    graceDays: c.grace_days,
  };
}

export function termsColumns(t: LoanTerms): TermsColumns {
  return {
    principal: toMoneyString(t.principal),
    fee_type: t.feeType,
    fee_value: toMoneyString(t.feeValue),
    grace_days: t.graceDays,
  };
}

export function termsView(c: TermsColumns): TermsView {
  const t = termsFromColumns(c);
  return {
    principal: toMoneyNumber(t.principal),
    fee: { type: t.feeType, value: toMoneyNumber(t.feeValue) },
    grace_days: t.graceDays,
    fee_amount: toMoneyNumber(feeAmount(t)),
    amount_owed: toMoneyNumber(amountOwed(t)),
  };
}

/** The terms in words, for the agreement document's notes and the history. */
export function describeTerms(t: LoanTerms, currency: string): string {
  const fee =
    t.feeType === 'flat'
      ? `a flat fee of ${t.feeValue.toFixed(2)} ${currency}`
      : `a fee of ${t.feeValue.toString()} bps (${feeAmount(t).toFixed(2)} ${currency})`;
  return `Principal ${t.principal.toFixed(2)} ${currency}, ${fee}, ${t.graceDays} grace day${t.graceDays === 1 ? '' : 's'}.`;
}
