// The keys a supplier is known by for learning (CONTRACT §13): its VAT id and its IBAN, as read
// (compacted). The verified sender's address (`sender:…`) is added by the capture resource, which
// knows the message. A key is given only for a value that passes its check: a misread IBAN must
// not open another supplier's layout.
import type { CaptureFields } from '../../../lib/capture-shapes.ts';
import { compactId, ibanValid, vatIdValid } from './checks.ts';

export function supplierKeysOf(fields: CaptureFields): string[] {
  const keys: string[] = [];
  const vat = fields.seller_vat_id?.value;
  if (vat && vatIdValid(null, vat)) keys.push(`vat:${compactId(vat)}`);
  const iban = fields.iban?.value;
  if (iban && ibanValid(iban)) keys.push(`iban:${compactId(iban)}`);
  return keys;
}
