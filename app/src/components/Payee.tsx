// Where a bill's money goes (issue 49): the account the received e-invoice asks to be paid into
// (BT-84, with its holder's name and BIC), grouped as it is read out on the phone, and whether the
// mail that brought it was verified. Shown on the bill and again in the pay confirmation, so the
// account is checked before the money moves, not found afterwards inside the payment file.
import type { Document } from '../api/types';
import { grouped } from './PaymentHold';

/** The account a received document asks to be paid into, or null when its file gave none. */
export function payeeAccountOf(
  doc: Document,
): NonNullable<NonNullable<Document['received']>['payment_account']> | null {
  return doc.direction === 'received' ? (doc.received?.payment_account ?? null) : null;
}

/** "DE89 3704 0044 0532 0130 00 (Seller GmbH, BIC COBADEFFXXX)". */
export function accountInWords(a: NonNullable<ReturnType<typeof payeeAccountOf>>): string {
  const extra = [a.account_name, a.bic ? `BIC ${a.bic}` : null].filter(Boolean).join(', ');
  return `${grouped(a.iban)}${extra ? ` (${extra})` : ''}`;
}

/** The sentence a pay confirmation asks: the amount, the party, the account and the sender. */
export function payQuestion(doc: Document, amount: string): string {
  const account = payeeAccountOf(doc);
  const into = account ? ` into ${accountInWords(account)}` : '';
  const sender =
    doc.received?.channel === 'email'
      ? doc.received.sender_verified
        ? ' The mail that brought it was verified.'
        : ' The mail that brought it was not verified: check the account with them first.'
      : '';
  return `Pay ${amount} to ${doc.counterparty.name}${into}?${sender}`;
}

export function PayeeFacts({ doc }: { doc: Document }) {
  const account = payeeAccountOf(doc);
  if (!doc.received) return null;
  return (
    <div className="fact" data-testid="payee-account">
      <dt>Pays into</dt>
      <dd>
        {account ? (
          <>
            <span className="iban">{grouped(account.iban)}</span>
            {account.account_name ? <span> · {account.account_name}</span> : null}
            {account.bic ? <span> · BIC {account.bic}</span> : null}
          </>
        ) : (
          <span className="muted">The invoice gives no bank account.</span>
        )}
      </dd>
    </div>
  );
}
