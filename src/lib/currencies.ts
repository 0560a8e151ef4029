export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(s: string): s is Currency {
  return (CURRENCIES as readonly string[]).includes(s);
}
