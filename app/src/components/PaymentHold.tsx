// A received bill's payment hold (CONTRACT 11.5, issue 39 item 10): against invoice fraud ("please
// pay our new bank account"), the hold in words, and for an admin session the confirmation that
// releases it (POST /v1/documents/{id}/release_hold). Every member of an organization signs in to
// the app as its admin (memberships have the one role), so the app's session can always release
// it; the panel still says who may, for whoever reads the page without being able to act.
import { docex, newIdempotencyKey } from '../api/client';
import type { Document } from '../api/types';
import { useAction } from '../lib/hooks';
import { useApp } from '../session';
import { ConfirmButton } from './ConfirmButton';
import { ErrorAlert, formatTime } from './ui';

type Hold = NonNullable<Document['payment_hold']>;

/** An IBAN in groups of four, as it is printed on invoices and read out on the phone. */
export function grouped(account: string | null | undefined): string {
  return (account ?? 'unknown').replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * What the hold means, in words, for the viewer who would pay. The reasons are CONTRACT 11.5's, read
 * as a string: payment_account_new (1.18.0) and capture_unconfirmed (a captured PDF's total) come
 * from servers newer than the types this app was built with.
 */
function holdSummary(hold: Hold, party: string): string {
  const reason: string = hold.reason;
  switch (reason) {
    case 'payment_account_changed':
      return `the bank account on this invoice (${grouped(hold.new)}) differs from the one ${party} used before (${grouped(hold.previous)}).`;
    case 'payment_account_new':
      return `this is the first bank account (${grouped(hold.new)}) docex has seen for ${party}: nothing you confirmed before says it is theirs.`;
    case 'sender_unverified':
      return `the mail that brought this invoice was not verified as coming from ${party}, while earlier mail from ${party} was.`;
    case 'capture_unconfirmed':
      return `the total of this invoice was read from a PDF without certainty, and no one has confirmed it yet.`;
    default:
      return `docex holds it for a reason this page does not know (${reason}).`;
  }
}

/** Whether the hold is about the account the money would go to. */
const aboutAccount = (hold: Hold): boolean => {
  const reason: string = hold.reason;
  return reason === 'payment_account_changed' || reason === 'payment_account_new';
};

export function PaymentHoldPanel({ doc, onChange }: { doc: Document; onChange: (d: Document) => void }) {
  const { session } = useApp();
  const action = useAction();
  const hold = doc.payment_hold;
  if (!hold) return null;
  const party = doc.counterparty.name;
  const changed = aboutAccount(hold);
  const release = () =>
    action.run(async () =>
      onChange(
        await docex.POST('/v1/documents/{id}/release_hold', {
          params: { path: { id: doc.id } },
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        }),
      ),
    );
  return (
    <section
      aria-label="Payment held"
      className="alert alert-warn payment-hold"
      data-testid="payment-hold"
      data-reason={hold.reason}
    >
      <p id="payment-hold-reason" data-testid="payment-hold-reason">
        <strong>Payment held:</strong> {holdSummary(hold, party)}{' '}
        {changed
          ? `Confirm it with ${party} by phone, on a number you already had (not one from this invoice or its mail), before you pay.`
          : `Confirm the invoice and its bank details with ${party} by phone, on a number you already had, before you pay.`}
      </p>
      <p className="muted small">
        Held since {formatTime(hold.since)}. Paying waits until an admin of {session.organization.name}{' '}
        confirms it; the confirmation is kept in the history.
      </p>
      <ConfirmButton
        question={
          changed
            ? `Did ${party} confirm, by phone, the bank account ${grouped(hold.new)}?`
            : `Did ${party} confirm, by phone, this invoice and its bank details?`
        }
        confirmLabel="Yes, release the hold"
        disabled={action.busy}
        onConfirm={() => void release()}
      >
        {changed ? 'Confirm the new bank account' : 'Confirm this invoice with the supplier'}
      </ConfirmButton>
      <ErrorAlert error={action.error} />
    </section>
  );
}
