// How docex speaks to a customer who is not on docex (its email and its recipient page, CONTRACT
// 11.2 and 11.3): a document's status as that customer reads it, an IBAN as it is printed on
// paper (payment terms in words: termsInWords, src/modules/einvoice/build-model.ts). docex's own
// words (`submitted`, `net_30`) never reach them.

/** The status from the recipient's side: what it means for them now. */
const STATUS_FOR_RECIPIENT: Record<string, string> = {
  draft: 'Draft',
  submitted: 'Awaiting your answer',
  sent: 'Awaiting your answer',
  acknowledged: 'Received by you',
  approved: 'Approved by you',
  disputed: 'Disputed by you',
  payment_scheduled: 'Payment scheduled',
  paid: 'Paid',
  void: 'Cancelled by the sender',
};

export function statusForRecipient(status: string): string {
  return STATUS_FOR_RECIPIENT[status] ?? status.replace(/_/g, ' ');
}

/** An IBAN in groups of four, as it is printed on invoices and read out on the phone. */
export function groupedIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The reference the recipient gave the document (their order or buyer reference), when they gave one. */
export function recipientReference(refs: Record<string, string>): string | null {
  return refs.buyer_reference ?? refs.purchase_order ?? null;
}
