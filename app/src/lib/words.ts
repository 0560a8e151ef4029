// The editor checks a line with the server's own modules (src/lib/money.ts, tax-categories.ts),
// whose messages name the API's fields ("tax_category S needs tax_exemption_reason…"): right for
// an integrator, not for a person at the form. These put them in the form's words.
import { TAX_CATEGORY_NAMES, type TaxCategory } from '../../../src/lib/tax-categories.ts';

const FIELD_WORDS: [RegExp, string][] = [
  [/tax_exemption_reason_code \(VATEX\)/g, 'an exemption code'],
  [/tax_exemption_reason \(text\)/g, 'an exemption reason'],
  [/tax_exemption_reason_code/g, 'exemption code'],
  [/tax_exemption_reason/g, 'exemption reason'],
  [/discount_type/g, 'the discount'],
  [/discount_value/g, 'a discount value'],
  [/unit_price/g, 'unit price'],
  [/must be between 0 and 1 \(0\.08 means 8%\)/g, 'must be between 0 and 100%'],
  [/\("percent" or "fixed"\)/g, '(percent or fixed amount)'],
];

/** A line problem in the form's words: "the VAT category Exempt from VAT needs an exemption reason…". */
export function lineProblemInWords(message: string): string {
  let out = message.replace(/tax_category (S|Z|E|AE|K|G|O|L|M)\b( \([^)]*\))?/g, (_m, c: string) => {
    return `the VAT category "${TAX_CATEGORY_NAMES[c as TaxCategory]}"`;
  });
  for (const [re, words] of FIELD_WORDS) out = out.replace(re, words);
  return out
    .replace(/\(E, AE, K, G, O\)/, '')
    .replace(/\s+;/g, ';')
    .replace(/\s{2,}/g, ' ');
}
