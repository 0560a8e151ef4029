// The units a line is most often counted in, named for people. The API takes a UN/ECE
// Recommendation 20 code (CONTRACT 9, BT-130); the editor offers these by name and keeps the code
// as the value, so nobody has to know that "C62" means one piece.

export const COMMON_UNITS: readonly { code: string; name: string }[] = [
  { code: 'C62', name: 'piece' },
  { code: 'HUR', name: 'hour' },
  { code: 'MIN', name: 'minute' },
  { code: 'DAY', name: 'day' },
  { code: 'WEE', name: 'week' },
  { code: 'MON', name: 'month' },
  { code: 'ANN', name: 'year' },
  { code: 'KGM', name: 'kilogram' },
  { code: 'TNE', name: 'tonne' },
  { code: 'MTR', name: 'metre' },
  { code: 'KMT', name: 'kilometre' },
  { code: 'MTK', name: 'square metre' },
  { code: 'LTR', name: 'litre' },
  { code: 'SET', name: 'set' },
];

/** "hour" for HUR; a code not in the list (an imported line's) as it is. */
export function unitName(code: string | null | undefined): string {
  const c = code ?? 'C62';
  return COMMON_UNITS.find((u) => u.code === c)?.name ?? c;
}
