// CONTRACT 11.1, the directory: exact look-ups by electronic address, legal registration id or
// VAT id within the caller's environment; no listing, no name search, no wildcard; the opt-out;
// demo counterparties and external parties never found; connecting by identifier; and the
// look-up is an index probe (no sequential scan), whatever the number of organizations. Only
// identifiers the operator verified are listed or resolve (1.18.0): a squatter that types another
// company's identifiers is never found, never connected to, and cannot be verified for them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { assertNamesField, expectApiError } from '../helpers/expect.ts';
import { operator } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

interface Entry {
  organization_id: string;
  name: string;
  country_code: string | null;
  verified: true;
}
interface OrgBody {
  legal_profile: { verified_identifiers: { field: string; value: string }[] } | null;
}
interface ListBody {
  data: Entry[];
  has_more: boolean;
  next_cursor: string | null;
}

let svc: TestService;
let listed: Party;
let asker: Party;

// A GS1 GLN with a valid check digit, and a SIRENE number (ICD 0002).
const GLN = '4012345000009';
const PROFILE = {
  ...SELLER,
  vat_id: 'DE811907980',
  electronic_address: { scheme: '0088', value: GLN },
  legal_registration_id: { scheme: '0002', value: '552 100 554' },
};

before(async () => {
  svc = await startTestService();
  [listed, asker] = await Promise.all([makeParty(svc, 'Listed GmbH'), makeParty(svc, 'Asker Ltd')]);
  const r = await svc.req('PATCH', '/v1/organization', { token: listed.org.session, body: PROFILE });
  assert.equal(r.status, 200, r.text);
  // unverified, the profile's identifiers list nothing
  assert.equal(
    (await svc.req<ListBody>('GET', `/v1/directory?identifier=0088:${GLN}`, { token: asker.readKey })).body
      .data.length,
    0,
  );
  const v = await operator(svc, 'POST', `/v1/operator/organizations/${listed.org.orgId}/verify`);
  assert.equal(v.status, 200, v.text);
});
after(async () => {
  await svc?.close();
});

function lookup(query: string, token = asker.readKey) {
  return svc.req<ListBody>('GET', `/v1/directory?${query}`, { token });
}

async function found(query: string, token = asker.readKey): Promise<string[]> {
  const r = await lookup(query, token);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.has_more, false);
  return r.body.data.map((e) => e.organization_id);
}

describe('GET /v1/directory', () => {
  test('exact match on electronic address, legal registration id and VAT id: {organization_id, name, country_code}', async () => {
    const r = await lookup(`identifier=0088:${GLN}`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.data, [
      { organization_id: listed.org.orgId, name: 'Listed GmbH', country_code: 'DE', verified: true },
    ]);
    assert.deepEqual(await found('identifier=0002:552100554'), [listed.org.orgId]);
    assert.deepEqual(await found('vat_id=DE811907980'), [listed.org.orgId]);
  });

  test('case and spaces do not matter', async () => {
    assert.deepEqual(await found(`vat_id=${encodeURIComponent(' de 811 907 980 ')}`), [listed.org.orgId]);
    assert.deepEqual(await found(`identifier=${encodeURIComponent('0002: 552 100 554')}`), [
      listed.org.orgId,
    ]);
    assert.deepEqual(await found(`identifier=${encodeURIComponent(' 0088 :4012 3450 00009')}`), [
      listed.org.orgId,
    ]);
  });

  test('anything but the exact value finds nothing: no prefix, no wildcard, no other scheme', async () => {
    for (const q of [
      `identifier=0088:${GLN.slice(0, -1)}`,
      'identifier=0088:%25',
      'identifier=0088:_',
      `identifier=0088:${GLN}0`,
      `identifier=9930:${GLN}`,
      'identifier=0002:552100',
      'vat_id=DE81190798',
      'vat_id=DE8119079800',
    ]) {
      assert.deepEqual(await found(q), [], q);
    }
  });

  test('no identifier, two of them, or a malformed one: 400 naming it', async () => {
    assertNamesField(expectApiError(await lookup(''), 400, 'invalid_request'), 'identifier');
    assertNamesField(expectApiError(await lookup('limit=5'), 400, 'invalid_request'), 'identifier');
    assertNamesField(
      expectApiError(await lookup(`identifier=0088:${GLN}&vat_id=DE811907980`), 400, 'invalid_request'),
      'identifier',
    );
    for (const bad of ['abc', GLN, ':123', '88:123', '0088:', '0088:%20%20', '1234:abc', 'name:Listed']) {
      const e = expectApiError(await lookup(`identifier=${bad}`), 400, 'invalid_request');
      assertNamesField(e, 'identifier');
    }
    for (const bad of ['1', '811907980', 'D', 'DE%25', 'DE 8']) {
      assertNamesField(expectApiError(await lookup(`vat_id=${bad}`), 400, 'invalid_request'), 'vat_id');
    }
    expectApiError(await lookup('name=Listed'), 400, 'invalid_request');
  });

  test('a key needs documents:read; a session may look up', async () => {
    const e = expectApiError(
      await svc.req('GET', '/v1/directory?vat_id=DE811907980', { token: undefined }),
      401,
      'unauthorized',
    );
    assert.ok(e);
    assert.deepEqual(await found('vat_id=DE811907980', asker.org.session), [listed.org.orgId]);
  });

  test('directory_listed: false takes an organization out; true brings it back', async () => {
    const off = await svc.req<{ directory_listed: boolean; legal_profile: unknown }>(
      'PATCH',
      '/v1/organization',
      { token: listed.org.session, body: { directory_listed: false } },
    );
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.directory_listed, false);
    assert.equal((off.body.legal_profile as { vat_id: string }).vat_id, 'DE811907980');
    assert.deepEqual(await found('vat_id=DE811907980'), []);
    const me = await svc.req<{ directory_listed: boolean }>('GET', '/v1/organization', { token: listed.key });
    assert.equal(me.body.directory_listed, false);
    const on = await svc.req('PATCH', '/v1/organization', {
      token: listed.org.session,
      body: { directory_listed: true },
    });
    assert.equal(on.status, 200, on.text);
    assert.deepEqual(await found('vat_id=DE811907980'), [listed.org.orgId]);
    // an organization without a profile may set the flag alone
    const bare = await makeParty(svc, 'Bare Co');
    const r = await svc.req<{ directory_listed: boolean; legal_profile: unknown }>(
      'PATCH',
      '/v1/organization',
      {
        token: bare.org.session,
        body: { directory_listed: false },
      },
    );
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.legal_profile, null);
    expectApiError(
      await svc.req('PATCH', '/v1/organization', {
        token: bare.org.session,
        body: { directory_listed: 'no' },
      }),
      400,
      'invalid_request',
    );
  });

  test('external parties and demo counterparties are never listed; the other environment is never seen', async () => {
    const ext = await svc.req('POST', '/v1/connections', {
      token: asker.org.session,
      body: {
        external_party: {
          name: 'Hidden External',
          email: 'x@hidden.example',
          legal_profile: { ...BUYER, vat_id: 'FR40303265045' },
        },
      },
    });
    assert.equal(ext.status, 201, ext.text);
    assert.deepEqual(await found('vat_id=FR40303265045'), []);
    assert.deepEqual(await found('vat_id=FR40303265045', asker.org.session), []);

    const sb = await svc.req<{ session: { token: string }; counterparty: { id: string } }>(
      'POST',
      '/v1/sandbox',
      {
        token: listed.org.session,
      },
    );
    assert.equal(sb.status, 201, sb.text);
    const sandbox = sb.body.session.token;
    // the demo counterparty has a complete profile (VAT DE000000003, 9930:DE000000003): not listed
    assert.deepEqual(await found('vat_id=DE000000003', sandbox), []);
    assert.deepEqual(await found('identifier=9930:DE000000003', sandbox), []);
    // a live organization is invisible from the sandbox, and the other way round
    assert.deepEqual(await found('vat_id=DE811907980', sandbox), []);
    const sbProfile = await svc.req('PATCH', '/v1/organization', {
      token: sandbox,
      body: { ...PROFILE, vat_id: 'DE136695976' },
    });
    assert.equal(sbProfile.status, 200, sbProfile.text);
    assert.deepEqual(await found('vat_id=DE136695976'), []);
  });

  test('the look-up is an index probe: no sequential scan of organizations', async () => {
    // The statement the service runs, explained with sequential scans priced out: if its
    // expressions did not match the indexes of migration 0030 the plan would still scan.
    const plans: string[] = [];
    await svc.ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      for (const cond of [
        sql`upper(regexp_replace((legal_profile -> 'electronic_address' ->> 'scheme') || ':' || (legal_profile -> 'electronic_address' ->> 'value'), '\\s', '', 'g')) = upper(regexp_replace(${'0088:1'}::text, '\\s', '', 'g'))
          or upper(regexp_replace((legal_profile -> 'legal_registration_id' ->> 'scheme') || ':' || (legal_profile -> 'legal_registration_id' ->> 'value'), '\\s', '', 'g')) = upper(regexp_replace(${'0088:1'}::text, '\\s', '', 'g'))`,
        sql`upper(regexp_replace(legal_profile ->> 'vat_id', '\\s', '', 'g')) = upper(regexp_replace(${'DE1'}::text, '\\s', '', 'g'))`,
      ]) {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from organizations
          where environment = 'live' and directory_listed = true and demo = false and external = false
          and (${cond})`.execute(trx);
        plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    });
    for (const plan of plans) {
      assert.doesNotMatch(plan, /Seq Scan/, plan);
      assert.match(plan, /organizations_directory_/, plan);
    }
  });
});

describe('verified identifiers (issue 47 item 3: directory squatting)', () => {
  test('GET /v1/organization names the verified identifiers', async () => {
    const me = await svc.req<OrgBody>('GET', '/v1/organization', { token: listed.key });
    assert.equal(me.status, 200, me.text);
    assert.deepEqual(
      me.body.legal_profile?.verified_identifiers.map((v) => [v.field, v.value]),
      [
        ['electronic_address', `0088:${GLN}`],
        // stored compacted (CONTRACT 11.5): the profile was sent as '552 100 554'
        ['legal_registration_id', '0002:552100554'],
        ['vat_id', 'DE811907980'],
      ],
    );
  });

  test('a squatter that types the same identifiers is never listed, never resolved, and cannot be verified for them', async () => {
    const squatter = await makeParty(svc, 'Squatter Ltd');
    const p = await svc.req('PATCH', '/v1/organization', { token: squatter.org.session, body: PROFILE });
    assert.equal(p.status, 200, p.text);
    for (const q of [`identifier=0088:${GLN}`, 'identifier=0002:552100554', 'vat_id=DE811907980']) {
      assert.deepEqual(await found(q), [listed.org.orgId], q);
    }
    const other = await makeParty(svc, 'Wants Listed');
    const c = await svc.req<{ counterparty: { id: string } }>('POST', '/v1/connections', {
      token: other.org.session,
      body: { counterparty: { identifier: `0088:${GLN}` } },
    });
    assert.equal(c.status, 201, c.text);
    assert.equal(c.body.counterparty.id, listed.org.orgId);
    // the operator cannot verify the squatter for identifiers another organization holds
    const e = expectApiError(
      await operator(svc, 'POST', `/v1/operator/organizations/${squatter.org.orgId}/verify`),
      409,
      'conflict',
    );
    assert.equal(
      (e.details?.holder as { organization_id?: string } | undefined)?.organization_id,
      listed.org.orgId,
    );
    assert.match(e.message, new RegExp(listed.org.orgId));
    const me = await svc.req<OrgBody & { verified: boolean }>('GET', '/v1/organization', {
      token: squatter.key,
    });
    assert.equal(me.body.verified, false, 'a refused verification changes nothing');
    assert.deepEqual(me.body.legal_profile?.verified_identifiers, []);
    // the real holder alone: still listed once
    assert.deepEqual(await found('vat_id=DE811907980'), [listed.org.orgId]);
  });

  test('changing an identifier drops it from the directory until the operator verifies it again', async () => {
    const mover = await makeParty(svc, 'Mover GmbH');
    const first = await svc.req('PATCH', '/v1/organization', {
      token: mover.org.session,
      body: { ...SELLER, vat_id: 'DE129273398' },
    });
    assert.equal(first.status, 200, first.text);
    const v = await operator(svc, 'POST', `/v1/operator/organizations/${mover.org.orgId}/verify`);
    assert.equal(v.status, 200, v.text);
    assert.deepEqual(await found('vat_id=DE129273398'), [mover.org.orgId]);
    // an unrelated field keeps the verification
    await svc.req('PATCH', '/v1/organization', {
      token: mover.org.session,
      body: { legal_name: 'Mover AG' },
    });
    assert.deepEqual(await found('vat_id=DE129273398'), [mover.org.orgId]);
    // the VAT id changes, then changes back: unverified until the operator verifies again
    for (const vat of ['DE136695976', 'DE129273398']) {
      const r = await svc.req<OrgBody>('PATCH', '/v1/organization', {
        token: mover.org.session,
        body: { vat_id: vat },
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.legal_profile?.verified_identifiers, []);
    }
    assert.deepEqual(await found('vat_id=DE129273398'), []);
    expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: asker.org.session,
        body: { counterparty: { vat_id: 'DE129273398' } },
      }),
      404,
      'not_found',
    );
    await operator(svc, 'POST', `/v1/operator/organizations/${mover.org.orgId}/verify`);
    assert.deepEqual(await found('vat_id=DE129273398'), [mover.org.orgId]);
  });

  test('two concurrent verifications of one identifier: one holder, the other 409', async () => {
    const [a, b] = await Promise.all([makeParty(svc, 'Race A'), makeParty(svc, 'Race B')]);
    for (const x of [a, b]) {
      const r = await svc.req('PATCH', '/v1/organization', {
        token: x.org.session,
        body: { ...SELLER, vat_id: 'DE813495425' },
      });
      assert.equal(r.status, 200, r.text);
    }
    const rs = await Promise.all(
      [a, b].map((x) => operator(svc, 'POST', `/v1/operator/organizations/${x.org.orgId}/verify`)),
    );
    assert.deepEqual(rs.map((r) => r.status).sort(), [200, 409]);
    assert.equal((await found('vat_id=DE813495425')).length, 1);
  });
});

describe('POST /v1/connections by identifier', () => {
  test('{counterparty: {vat_id}} and {counterparty: {identifier}} make the same pending connection', async () => {
    const other = await makeParty(svc, 'Connector');
    const r = await svc.req<{ id: string; status: string; counterparty: { id: string } }>(
      'POST',
      '/v1/connections',
      {
        token: other.org.session,
        body: { counterparty: { vat_id: 'de811907980' } },
      },
    );
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.status, 'pending');
    assert.deepEqual(r.body.counterparty, { id: listed.org.orgId, name: 'Listed GmbH' });
    // the same pair again, by another identifier: the one-per-pair conflict
    const again = expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: other.org.session,
        body: { counterparty: { identifier: `0088:${GLN}` } },
      }),
      409,
      'conflict',
    );
    assert.equal(again.details?.connection_id, r.body.id);
    const accepted = await svc.req('POST', `/v1/connections/${r.body.id}/accept`, {
      token: listed.org.session,
    });
    assert.equal(accepted.status, 200, accepted.text);
  });

  test('no match: 404 whose message says how to add an external party', async () => {
    const e = expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: asker.org.session,
        body: { counterparty: { vat_id: 'FR40303265045' } },
      }),
      404,
      'not_found',
    );
    assert.match(e.message, /external_party/);
  });

  test('malformed, both, or neither: 400 naming counterparty.*; a key: admin_session; oneself: 400', async () => {
    assertNamesField(
      expectApiError(
        await svc.req('POST', '/v1/connections', {
          token: asker.org.session,
          body: { counterparty: { identifier: 'nope' } },
        }),
        400,
        'invalid_request',
      ),
      'counterparty.identifier',
    );
    assertNamesField(
      expectApiError(
        await svc.req('POST', '/v1/connections', {
          token: asker.org.session,
          body: { counterparty: { identifier: `0088:${GLN}`, vat_id: 'DE811907980' } },
        }),
        400,
        'invalid_request',
      ),
      'counterparty.identifier',
    );
    expectApiError(
      await svc.req('POST', '/v1/connections', { token: asker.org.session, body: { counterparty: {} } }),
      400,
      'invalid_request',
    );
    const k = expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: asker.key,
        body: { counterparty: { vat_id: 'DE811907980' } },
      }),
      403,
      'insufficient_scope',
    );
    assert.equal(k.details?.required, 'admin_session');
    assertNamesField(
      expectApiError(
        await svc.req('POST', '/v1/connections', {
          token: listed.org.session,
          body: { counterparty: { vat_id: 'DE811907980' } },
        }),
        400,
        'invalid_request',
      ),
      'counterparty.vat_id',
    );
  });
});
