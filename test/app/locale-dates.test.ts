// The app's one date helper (app/src/lib/locale.ts, issue 49 item 6): the organization's country
// decides how a day and a moment are written; without a country, ISO 8601 as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setOrganizationCountry, showDate, showTime } from '../../app/src/lib/locale.ts';

test("dates in the organization's format, ISO 8601 without a country", () => {
  try {
    setOrganizationCountry('DE');
    assert.equal(showDate('2026-12-31'), '31.12.2026');
    assert.equal(showTime('2026-12-31T17:40:05.123Z'), '31.12.2026, 17:40:05 UTC');
    setOrganizationCountry('us');
    assert.equal(showDate('2026-12-31'), '12/31/2026');
    setOrganizationCountry('FR');
    assert.equal(showDate('2026-12-31'), '31/12/2026');
    setOrganizationCountry('NL');
    assert.equal(showDate('2026-12-31'), '31-12-2026');
    // Not a date: shown as it is; none: a dash.
    assert.equal(showDate('31.12.2026'), '31.12.2026');
    assert.equal(showDate(null), '—');
    assert.equal(showTime(undefined), '—');
    setOrganizationCountry(null);
    assert.equal(showDate('2026-12-31'), '2026-12-31');
    assert.equal(showTime('2026-12-31T17:40:05.123Z'), '2026-12-31 17:40:05 UTC');
    setOrganizationCountry('');
    assert.equal(showDate('2026-12-31'), '2026-12-31');
  } finally {
    setOrganizationCountry(null);
  }
});
