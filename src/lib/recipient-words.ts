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

/** The same, for the issuer (a notice of what its customer did): the customer's moves in the third person. */
const STATUS_FOR_ISSUER: Record<string, string> = {
  ...STATUS_FOR_RECIPIENT,
  submitted: 'Awaiting their answer',
  sent: 'Awaiting their answer',
  acknowledged: 'Acknowledged',
  approved: 'Approved',
  disputed: 'Disputed',
  void: 'Cancelled',
};

export function statusForRecipient(
  status: string,
  recipient: 'counterparty' | 'issuer' = 'counterparty',
): string {
  const words = recipient === 'issuer' ? STATUS_FOR_ISSUER : STATUS_FOR_RECIPIENT;
  return words[status] ?? status.replace(/_/g, ' ');
}

/** An IBAN in groups of four, as it is printed on invoices and read out on the phone. */
export function groupedIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The reference the recipient gave the document (their order or buyer reference), when they gave one. */
export function recipientReference(refs: Record<string, string>): string | null {
  return refs.buyer_reference ?? refs.purchase_order ?? null;
}

/**
 * An amount as the customer reads it: thousands grouped, its decimals (two for money, more for a
 * finer unit price), and the currency: "1,140.00 EUR". From the decimal string or number docex keeps.
 */
export function amountText(amount: number | string, currency: string, minDecimals = 2): string {
  const s = typeof amount === 'number' ? amount.toFixed(Math.max(minDecimals, decimalsOf(amount))) : amount;
  const negative = s.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? s.slice(1) : s).split('.');
  const decimals = frac.padEnd(minDecimals, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''} ${currency}`;
}

/** The decimals a number shows when written plainly (95 → 0, 95.125 → 3); docex keeps at most 4. */
function decimalsOf(n: number): number {
  const frac = String(n).split('.')[1];
  return frac ? Math.min(frac.length, 4) : 0;
}
