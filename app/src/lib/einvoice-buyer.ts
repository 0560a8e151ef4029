// Whom an e-invoice file is addressed to (its buyer, BG-7), read in the page before an import: a
// file whose buyer is this organization is a supplier's invoice, which belongs in the upload (your
// bill), not in Import (a draft of your own invoice to a customer). UBL names the buyer in
// cac:AccountingCustomerParty, CII in ram:BuyerTradeParty; both by local name here, so either
// syntax's namespace prefixes do.

/** The buyer's names and identifiers as the file gives them, or null when the file is not XML or has none. */
export function buyerOf(xml: string): { names: string[]; ids: string[] } | null {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  const party = [...doc.getElementsByTagName('*')].find(
    (el) => el.localName === 'AccountingCustomerParty' || el.localName === 'BuyerTradeParty',
  );
  if (!party) return null;
  const names: string[] = [];
  const ids: string[] = [];
  for (const el of party.getElementsByTagName('*')) {
    const text = el.children.length === 0 ? (el.textContent ?? '').trim() : '';
    if (!text) continue;
    if (el.localName === 'RegistrationName' || el.localName === 'Name') names.push(text);
    else if (el.localName === 'CompanyID' || el.localName === 'ID' || el.localName === 'EndpointID')
      ids.push(text);
  }
  return { names, ids };
}

const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** Whether the buyer is this organization: one of its identifiers, or its legal name, is the file's. */
export function addressedTo(
  buyer: { names: string[]; ids: string[] },
  us: { names: string[]; ids: string[] },
): boolean {
  const ids = new Set(us.ids.filter(Boolean).map(compact));
  const names = new Set(us.names.filter(Boolean).map((n) => n.trim().toLowerCase()));
  return (
    buyer.ids.some((i) => ids.has(compact(i))) || buyer.names.some((n) => names.has(n.trim().toLowerCase()))
  );
}
