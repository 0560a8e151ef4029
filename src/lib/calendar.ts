// Dates and instants a person could mean, in the range the service stores (CONTRACT 10): a real
// calendar day of the years 0001 to 9999. 2020-13-45 is no date (it used to reach toISOString on
// an Invalid Date: a 500), and neither is year 0 (JavaScript has one, PostgreSQL does not: another
// 500). Used by the JSON Schema formats `date` and `date-time` and by the list filters.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

export function isRealDate(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] as number;
  return d <= days;
}

/** An RFC 3339 date-time on a real date, with real clock fields; the instant, or null. */
export function parseInstant(s: string): Date | null {
  const m = INSTANT.exec(s);
  if (!m || !isRealDate(m[1] as string)) return null;
  const [h, mi, sec] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (h > 23 || mi > 59 || sec > 60) return null;
  if (m[5] !== undefined && (Number(m[5]) > 23 || Number(m[6]) > 59)) return null;
  const at = new Date(s.replace(' ', 'T'));
  if (Number.isNaN(at.getTime())) return null;
  // An offset can move an instant on 0001-01-01 into year 0: outside what the service stores.
  const year = at.getUTCFullYear();
  return year >= 1 && year <= 9999 ? at : null;
}
