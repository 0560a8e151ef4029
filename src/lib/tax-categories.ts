// UNCL 5305 VAT category codes on a line (CONTRACT 9) and the rules that tie category, rate and
// exemption reason, as EN 16931 states them (BR-S/Z/E/AE/IC/G/O/AF/AG): a document that breaks
// one could never leave docex as a valid e-invoice, so it is refused when it is written.

export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export const TAX_CATEGORY_NAMES: Record<TaxCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated goods',
  E: 'Exempt from VAT',
  AE: 'VAT reverse charge',
  K: 'Intra-community supply (VAT exempt for EEA)',
  G: 'Free export item, VAT not charged',
  O: 'Services outside scope of tax',
  L: 'Canary Islands general indirect tax',
  M: 'Tax for production, services and importation in Ceuta and Melilla',
};

/** Categories whose rate must be 0 (BR-Z-5, BR-E-5, BR-AE-5, BR-IC-5, BR-G-5; BR-O-5: no rate, written as 0). */
const ZERO_RATE: ReadonlySet<TaxCategory> = new Set(['Z', 'E', 'AE', 'K', 'G', 'O']);
/** Categories that need an exemption reason text or code (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
const NEEDS_EXEMPTION: ReadonlySet<TaxCategory> = new Set(['E', 'AE', 'K', 'G', 'O']);

export const needsExemptionReason = (c: TaxCategory): boolean => NEEDS_EXEMPTION.has(c);

/** The category a line without one gets: S when taxed, Z when not. */
export const defaultTaxCategory = (taxRate: number): TaxCategory => (taxRate > 0 ? 'S' : 'Z');

/** What is wrong with a line's category, rate and exemption reason together; null when nothing. */
export function taxCategoryProblem(line: {
  tax_category: TaxCategory;
  tax_rate: number;
  tax_exemption_reason: string | null;
  tax_exemption_reason_code: string | null;
}): { field: string; message: string } | null {
  const c = line.tax_category;
  if (c === 'S' && !(line.tax_rate > 0)) {
    return { field: 'tax_rate', message: 'must be above 0 for tax_category S (standard rate, BR-S-5)' };
  }
  if (ZERO_RATE.has(c) && line.tax_rate !== 0) {
    return {
      field: 'tax_rate',
      message: `must be 0 for tax_category ${c} (${TAX_CATEGORY_NAMES[c].toLowerCase()})`,
    };
  }
  const hasReason = line.tax_exemption_reason !== null || line.tax_exemption_reason_code !== null;
  if (NEEDS_EXEMPTION.has(c) && !hasReason) {
    return {
      field: 'tax_exemption_reason',
      message: `tax_category ${c} needs tax_exemption_reason (text) or tax_exemption_reason_code (VATEX), or both`,
    };
  }
  if (!NEEDS_EXEMPTION.has(c) && hasReason) {
    return {
      field: 'tax_exemption_reason',
      message: `is only for exempt categories (E, AE, K, G, O); tax_category ${c} must not have one`,
    };
  }
  return null;
}
