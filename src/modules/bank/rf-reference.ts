// ISO 11649 structured creditor references ("RF references"): RF, two check digits, and 1 to 21
// alphanumerics. The check is ISO 7064 mod 97-10, as for an IBAN: the reference with "RF" and its
// check digits moved to the end, letters read as numbers (A = 10 … Z = 35), leaves 1 mod 97.
// docex derives an invoice's reference from its number, so a payer's transfer brings back
// something that names the invoice and that a typing error cannot turn into another one.

/** mod 97 of the number a string of digits and capital letters spells (letters as 10…35). */
function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const v = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest;
}

/**
 * The RF reference of a document number: its letters and digits, upper case (INV-2026-0042 →
 * INV20260042), the last 21 when longer (the sequence is at the end), with their check digits.
 * Null when the number holds no letter or digit.
 */
export function rfReference(documentNumber: string): string | null {
  const body = documentNumber
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-21);
  if (body === '') return null;
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** Whether `ref` is an ISO 11649 reference with valid check digits (spaces, as printed, allowed). */
export function validRfReference(ref: string): boolean {
  const s = ref.replace(/ /g, '').toUpperCase();
  if (!/^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(s)) return false;
  return mod97(s.slice(4) + s.slice(0, 4)) === 1;
}

/** The reference as printed for a person: groups of four (RF18 5390 0754 7034). */
export function printedRfReference(ref: string): string {
  return ref.replace(/(.{4})(?=.)/g, '$1 ');
}
