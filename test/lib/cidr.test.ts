// test-database: none (it uses no database; scripts/run-tests.mjs)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileCidrs, ipInCidrs, MAX_CIDRS, parseCidrList } from '../../src/lib/cidr.ts';

function errorsOf(input: unknown): { path: string; message: string }[] {
  const result = parseCidrList(input);
  assert.equal(result.ok, false, `expected ${JSON.stringify(input)} to be refused`);
  return result.ok ? [] : result.errors;
}

describe('parseCidrList', () => {
  test('accepts IPv4 and IPv6 ranges and normalizes them', () => {
    assert.deepEqual(
      parseCidrList([
        '203.0.113.0/24',
        '10.1.2.3/8',
        '198.51.100.7',
        '2001:DB8:0:0::/32',
        '2001:db8::1',
        '2001:db8:abcd:12ff::/56',
        '0.0.0.0/0',
        '::/0',
      ]),
      {
        ok: true,
        cidrs: [
          '203.0.113.0/24',
          '10.0.0.0/8',
          '198.51.100.7/32',
          '2001:db8::/32',
          '2001:db8::1/128',
          '2001:db8:abcd:1200::/56',
          '0.0.0.0/0',
          '::/0',
        ],
      },
    );
  });

  test('stores IPv4-mapped IPv6 ranges as the IPv4 range they denote', () => {
    assert.deepEqual(parseCidrList(['::ffff:10.0.0.0/104', '::ffff:192.0.2.1']), {
      ok: true,
      cidrs: ['10.0.0.0/8', '192.0.2.1/32'],
    });
  });

  test('accepts exactly 20 entries and refuses 21', () => {
    const twenty = Array.from({ length: MAX_CIDRS }, (_, i) => `10.${i}.0.0/16`);
    assert.equal(MAX_CIDRS, 20);
    assert.equal(parseCidrList(twenty).ok, true);
    assert.deepEqual(errorsOf([...twenty, '10.99.0.0/16']), [
      { path: 'allowed_cidrs', message: 'must have at most 20 entries, got 21' },
    ]);
  });

  test('refuses a value that is not a non-empty array', () => {
    for (const input of ['10.0.0.0/8', null, undefined, { 0: '10.0.0.0/8' }]) {
      const [err] = errorsOf(input);
      assert.equal(err?.path, 'allowed_cidrs');
      assert.match(err?.message ?? '', /must be an array/);
    }
    const [empty] = errorsOf([]);
    assert.match(empty?.message ?? '', /omit it to allow any address/);
  });

  test('names each bad entry by its index with a message saying what is wrong', () => {
    const errors = errorsOf([
      '10.0.0.0/8',
      'not-an-ip',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/abc',
      '10.0.0.0/',
      42,
      '10.1/16',
      '012.0.0.1',
      '10.0.0.256',
      'fe80::1%eth0/64',
      ' 10.0.0.0/8',
    ]);
    const byPath = new Map(errors.map((e) => [e.path, e.message]));
    assert.equal(byPath.has('allowed_cidrs[0]'), false);
    assert.match(byPath.get('allowed_cidrs[1]') ?? '', /"not-an-ip" is not an IPv4 or IPv6 address/);
    assert.match(byPath.get('allowed_cidrs[2]') ?? '', /prefix \/33 is out of range for IPv4 \(0 to 32\)/);
    assert.match(byPath.get('allowed_cidrs[3]') ?? '', /prefix \/129 is out of range for IPv6 \(0 to 128\)/);
    assert.match(byPath.get('allowed_cidrs[4]') ?? '', /prefix length after "\/" must be a number/);
    assert.match(byPath.get('allowed_cidrs[5]') ?? '', /prefix length after "\/" must be a number/);
    assert.match(byPath.get('allowed_cidrs[6]') ?? '', /must be a string/);
    // inet_aton shorthands are ambiguous to a human reader, so only dotted quads are ranges.
    assert.match(byPath.get('allowed_cidrs[7]') ?? '', /not an IPv4 or IPv6 address/);
    assert.match(byPath.get('allowed_cidrs[8]') ?? '', /not an IPv4 or IPv6 address/);
    assert.match(byPath.get('allowed_cidrs[9]') ?? '', /not an IPv4 or IPv6 address/);
    assert.match(byPath.get('allowed_cidrs[10]') ?? '', /zone index/);
    assert.match(byPath.get('allowed_cidrs[11]') ?? '', /not an IPv4 or IPv6 address/);
    assert.equal(errors.length, 11);
  });

  test('uses the given field path', () => {
    const result = parseCidrList(['x'], 'key.allowed_cidrs');
    assert.deepEqual(result.ok ? [] : result.errors.map((e) => e.path), ['key.allowed_cidrs[0]']);
  });
});

describe('compileCidrs / ipInCidrs', () => {
  const allowed = ['10.0.0.0/8', '192.0.2.1/32', '2001:db8::/32', 'fe80::/10'];
  const matches = compileCidrs(allowed);

  test('matches IPv4 peers by range', () => {
    assert.equal(matches('10.255.1.2'), true);
    assert.equal(matches('192.0.2.1'), true);
    assert.equal(matches('192.0.2.2'), false);
    assert.equal(matches('11.0.0.1'), false);
  });

  test('matches IPv4-mapped IPv6 peers against IPv4 ranges', () => {
    assert.equal(matches('::ffff:10.0.0.1'), true);
    assert.equal(matches('::FFFF:10.0.0.1'), true);
    assert.equal(matches('::ffff:a00:1'), true);
    assert.equal(matches('::ffff:11.0.0.1'), false);
  });

  test('matches IPv4 peers against IPv6 ranges written in mapped form wider than /96', () => {
    const wide = compileCidrs(['::ffff:0:0/95']);
    assert.equal(wide('10.0.0.1'), true);
    assert.equal(wide('::ffff:10.0.0.1'), true);
    assert.equal(wide('2001:db8::1'), false);
  });

  test('matches IPv6 peers in any textual form, with or without a zone', () => {
    assert.equal(matches('2001:db8::1'), true);
    assert.equal(matches('2001:0DB8:0000:0000:0000:0000:0000:0001'), true);
    assert.equal(matches('fe80::1%eth0'), true);
    assert.equal(matches('2001:db9::1'), false);
    // An IPv6 peer never matches an IPv4 range just because of its low bits.
    assert.equal(matches('::a00:1'), false);
  });

  test('an unparseable peer matches nothing, even a catch-all list', () => {
    const any = compileCidrs(['0.0.0.0/0', '::/0']);
    assert.equal(any(''), false);
    assert.equal(any('unknown'), false);
    assert.equal(any('203.0.113.9'), true);
    assert.equal(any('2001:db8::9'), true);
  });

  test('an empty list matches nothing', () => {
    assert.equal(compileCidrs([])('10.0.0.1'), false);
  });

  test('refuses to compile an invalid stored range rather than ignoring it', () => {
    assert.throws(() => compileCidrs(['10.0.0.0/33']), /invalid CIDR/);
  });

  test('ipInCidrs is the one-shot form', () => {
    assert.equal(ipInCidrs('::ffff:10.0.0.1', ['10.0.0.0/8']), true);
    assert.equal(ipInCidrs('10.0.0.1', ['192.168.0.0/16']), false);
  });
});
