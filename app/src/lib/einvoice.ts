// Words for the EN 16931 business terms the API names (CONTRACT 9): the export's missing terms,
// the import's dropped ones and its refusals all speak in BT-/BG- ids.

/** The names EN 16931 gives the terms an import may drop or a rule may need. */
const TERM_NAMES: Record<string, string> = {
  'BT-7': 'VAT point date',
  'BT-8': 'VAT point date code',
  'BT-11': 'project reference',
  'BT-12': 'contract reference',
  'BT-14': 'sales order reference',
  'BT-15': 'receiving advice reference',
  'BT-16': 'despatch advice reference',
  'BT-17': 'tender or lot reference',
  'BT-18': 'invoiced object identifier',
  'BT-19': 'buyer accounting reference',
  'BT-20': 'payment terms text',
  'BT-27': "seller's legal name",
  'BT-29': 'seller identifier',
  'BT-30': "seller's legal registration id",
  'BT-31': "seller's VAT identifier",
  'BT-32': "seller's tax registration id",
  'BT-33': 'seller additional legal information',
  'BT-34': "seller's electronic address",
  'BT-40': "seller's country",
  'BT-41': "seller's contact point",
  'BT-42': "seller's contact telephone",
  'BT-43': "seller's contact email",
  'BT-44': "buyer's legal name",
  'BT-46': 'buyer identifier',
  'BT-47': "buyer's legal registration id",
  'BT-48': "buyer's VAT identifier",
  'BT-49': "buyer's electronic address",
  'BT-55': "buyer's country",
  'BT-72': 'actual delivery date',
  'BT-84': 'payment account (IBAN)',
  'BT-127': 'invoice line note',
  'BT-128': 'invoice line object identifier',
  'BT-132': 'referenced purchase order line',
  'BT-133': 'line buyer accounting reference',
  'BT-147': 'item price discount',
  'BT-148': 'item gross price',
  'BT-149': 'item price base quantity',
  'BT-154': 'item description',
  'BT-156': "buyer's item identifier",
  'BT-157': 'item standard identifier',
  'BT-158': 'item classification identifier',
  'BT-159': 'item country of origin',
  'BG-6': 'seller contact',
  'BG-9': 'buyer contact',
  'BG-10': 'payee',
  'BG-11': "seller's tax representative",
  'BG-13': 'delivery information',
  'BG-14': 'invoicing period',
  'BG-16': 'payment instructions',
  'BG-24': 'additional supporting documents',
  'BG-26': 'invoice line period',
  'BG-32': 'item attributes',
};

/** "BG-14 (invoicing period)", or the bare id for a term without a name here. */
export function describeTerm(id: string): string {
  const name = TERM_NAMES[id];
  return name ? `${id} (${name})` : id;
}

export const EINVOICE_FORMATS = [
  { format: 'ubl', label: 'UBL', ext: 'xml', type: 'application/xml' },
  { format: 'cii', label: 'CII', ext: 'xml', type: 'application/xml' },
  { format: 'facturx', label: 'Factur-X PDF', ext: 'pdf', type: 'application/pdf' },
] as const;

/** The file name a Content-Disposition header gives (filename*= or filename=), or null. */
export function filenameFrom(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return safeName(decodeURIComponent(star[1].trim()));
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? safeName(name) : null;
}

/** A name for the save dialog: no directory parts. */
function safeName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}
