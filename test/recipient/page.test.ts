// The recipient page /r/<token> (CONTRACT 11.3) as HTTP sees it: server-rendered under the app's
// security headers (no script; its one inline stylesheet allowed by hash), the document's facts
// escaped, forms that carry a CSRF token bound to the link and to the page's own cookie, and
// every refusal as a page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PAGE_STYLE_HASH } from '../../src/webapp/recipient-html.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { type SignedUp, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { addParty, freshAddress, giveProfile, issueTo, type Party, tokenFor } from './setup.ts';

let svc: TestService;
let seller: SignedUp;
let party: Party;

before(async () => {
  svc = await startTestService();
  seller = await signup(svc, 'Seller <b>&</b> Sons');
  await giveProfile(svc, seller);
  party = await addParty(svc, seller, 'Client "Quotes" Ltd', 'ap@client.example');
});
after(async () => {
  await svc?.close();
});

interface Page {
  status: number;
  headers: Record<string, unknown>;
  html: string;
  cookie: string | null;
}

async function get(url: string, cookie?: string, address = freshAddress()): Promise<Page> {
  const res = await svc.app.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: address,
  });
  const set = res.headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : set;
  return {
    status: res.statusCode,
    headers: res.headers,
    html: res.body,
    cookie: first ? String(first).split(';')[0]! : null,
  };
}

async function post(
  token: string,
  fields: Record<string, string>,
  opts: { cookie?: string | null; headers?: Record<string, string> } = {},
): Promise<Page> {
  const res = await svc.app.inject({
    method: 'POST',
    url: `/r/${token}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: freshAddress(),
  });
  return { status: res.statusCode, headers: res.headers, html: res.body, cookie: null };
}

function csrfOf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no csrf field in the page');
  return m[1]!;
}

async function opened() {
  const doc = await issueTo(svc, seller, party);
  const token = await tokenFor(svc, doc.id, party.id);
  const page = await get(`/r/${token}`);
  assert.equal(page.status, 200, page.html);
  assert.ok(page.cookie, 'the page sets its CSRF cookie');
  return { doc, token, page, cookie: page.cookie!, csrf: csrfOf(page.html) };
}

describe('the page', () => {
  test('the document, under the security headers, every value escaped, no script', async () => {
    const { doc, page } = await opened();
    assert.match(String(page.headers['content-type']), /^text\/html; charset=utf-8/);
    const csp = String(page.headers['content-security-policy']);
    assert.ok(csp.includes("script-src 'self'"), csp);
    assert.ok(csp.includes(`'${PAGE_STYLE_HASH}'`), 'the inline stylesheet is allowed by its hash only');
    assert.ok(!csp.includes('unsafe-inline'));
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.equal(page.headers['referrer-policy'], 'same-origin');
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.ok(!/<script/i.test(page.html), 'no script at all');
    assert.ok(page.html.includes(`Invoice ${doc.number}`), 'headed by the issuer number');
    assert.ok(page.html.includes('Seller &lt;b&gt;&amp;&lt;/b&gt; Sons'), 'names are escaped');
    assert.ok(!page.html.includes('<b>&</b>'));
    assert.ok(page.html.includes('Client &quot;Quotes&quot; Ltd'));
    for (const fact of [
      'Consulting, March',
      'Travel',
      '524.20 EUR',
      'DE89 3704 0044 0532 0130 00',
      'COBADEFFXXX',
      'Awaiting your answer',
      'Net 30 days',
    ]) {
      assert.ok(page.html.includes(fact), fact);
    }
    // docex's own words and the counterparty's BILL- number (never seen by the customer) stay out.
    const text = page.html.replace(/<[^>]*>/g, ' ');
    assert.ok(!text.includes('submitted') && !text.includes('net 30') && !text.includes('net_30'), text);
    assert.ok(!page.html.includes('Your reference') && !page.html.includes('BILL-'));
    assert.ok(page.html.includes('Verified'), 'the history is verified');
    // The party has no legal profile: no e-invoice file is offered, and the page says why.
    assert.ok(!page.html.includes('/files/ubl') && !page.html.includes('UBL (XML)'));
    assert.match(
      page.html,
      /The e-invoice files \(UBL, CII, Factur-X\) cannot be written yet: your details, as Seller &lt;b&gt;&amp;&lt;\/b&gt; Sons keeps them, lack legal name, street and number, city, postal code, country code\. Ask Seller/,
    );
    assert.ok(page.html.includes(`/r/`) && page.html.includes('/files/proof'));
    for (const move of ['Approve', 'Acknowledge', 'Dispute'])
      assert.ok(page.html.includes(`>${move}<`), move);
    assert.ok(page.html.includes('name="reason"') && page.html.includes('required'));
    assert.ok(page.html.includes('/app/claim#'), 'the claim is offered');
    assert.ok(
      /HttpOnly/i.test(String(page.headers['set-cookie'])) &&
        /SameSite=Strict/i.test(String(page.headers['set-cookie'])),
    );
  });

  test("files: only those that can be written; each the API's bytes; a refusal is the page saying why", async () => {
    // Asked anyway (an old link), the UBL of the incomplete document is the page with the reason.
    const { token } = await opened();
    const refused = await get(`/r/${token}/files/ubl`);
    assert.equal(refused.status, 422);
    assert.match(String(refused.headers['content-type']), /^text\/html/);
    assert.match(
      refused.html,
      /role="alert">That file cannot be downloaded: The e-invoice needs the buyer&#39;s legal name/,
    );
    assert.equal((await get(`/r/${token}/files/nonsense`)).status, 404);

    // A party with its address: the three files and the bundle, each what the API serves.
    const whole = await addParty(svc, seller, 'Kunde GmbH', 'ap@kunde.example', BUYER);
    const doc = await issueTo(svc, seller, whole, { external_refs: { buyer_reference: 'PO-4711' } });
    const t = await tokenFor(svc, doc.id, whole.id);
    const page = await get(`/r/${t}`);
    assert.equal(page.status, 200, page.html);
    assert.ok(page.html.includes('<dt>Your reference</dt><dd>PO-4711</dd>'), 'the reference they gave');
    for (const [file, api] of [
      ['ubl', 'einvoice?format=ubl'],
      ['cii', 'einvoice?format=cii'],
      ['facturx', 'einvoice?format=facturx'],
      ['proof', 'export'],
    ] as const) {
      assert.ok(page.html.includes(`/r/${t}/files/${file}`), file);
      const viaPage = await svc.app.inject({
        method: 'GET',
        url: `/r/${t}/files/${file}`,
        remoteAddress: freshAddress(),
      });
      const viaApi = await svc.app.inject({
        method: 'GET',
        url: `/v1/recipient/${t}/${api}`,
        remoteAddress: freshAddress(),
      });
      assert.equal(viaPage.statusCode, 200, viaPage.body);
      assert.match(String(viaPage.headers['content-disposition']), /^attachment; filename="/);
      assert.equal(viaPage.headers['content-type'], viaApi.headers['content-type']);
      if (file !== 'proof') assert.ok(viaPage.rawPayload.equals(viaApi.rawPayload), file);
    }
  });

  test('a wrong token is a 404 page with no hint; too many requests a 429 page', async () => {
    const wrong = await get(`/r/${'Z'.repeat(32)}`);
    assert.equal(wrong.status, 404);
    assert.match(String(wrong.headers['content-type']), /^text\/html/);
    assert.ok(wrong.html.includes('does not lead to a document'));
    const malformed = await get('/r/nope');
    assert.equal(malformed.status, 404);
    assert.equal(malformed.html, wrong.html, 'the same page for any wrong token');
    const address = freshAddress();
    for (let i = 0; i < 30; i++) await get(`/r/${'Q'.repeat(32)}`, undefined, address);
    const limited = await get(`/r/${'Q'.repeat(32)}`, undefined, address);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers['retry-after']) >= 1);
  });
});

describe('the forms', () => {
  test('approve with the CSRF token: 303 back to the page, which says so', async () => {
    const { doc, token, cookie, csrf } = await opened();
    const res = await post(token, { csrf, to: 'approved' }, { cookie });
    assert.equal(res.status, 303, res.html);
    assert.equal(res.headers.location, `/r/${token}?done=approved`);
    const after = await get(`/r/${token}?done=approved`, cookie);
    assert.ok(after.html.includes('You approved it.'));
    const issuer = await svc.req<{ status: string }>('GET', `/v1/documents/${doc.id}`, {
      token: seller.session,
    });
    assert.equal(issuer.body.status, 'approved');
    assert.ok(!after.html.includes('>Approve<'), 'approve is no longer offered');
    assert.ok(after.html.includes('>Dispute<'));
  });

  test("without the cookie, without the field, with another link's field, cross-site: 403, nothing moves", async () => {
    const { doc, token, cookie, csrf } = await opened();
    const other = await opened();
    const attempts: [Record<string, string>, { cookie?: string | null; headers?: Record<string, string> }][] =
      [
        [{ csrf, to: 'approved' }, {}],
        [{ to: 'approved' }, { cookie }],
        [{ csrf: 'x', to: 'approved' }, { cookie }],
        [{ csrf: other.csrf, to: 'approved' }, { cookie: other.cookie }],
        [{ csrf, to: 'approved' }, { cookie: other.cookie }],
        [
          { csrf, to: 'approved' },
          { cookie, headers: { 'sec-fetch-site': 'cross-site' } },
        ],
        [
          { csrf, to: 'approved' },
          { cookie, headers: { origin: 'https://evil.example' } },
        ],
      ];
    for (const [fields, opts] of attempts) {
      const res = await post(token, fields, opts);
      assert.equal(res.status, 403, `${JSON.stringify(fields)} ${JSON.stringify(opts)}`);
      assert.match(String(res.headers['content-type']), /^text\/html/);
    }
    const issuer = await svc.req<{ status: string }>('GET', `/v1/documents/${doc.id}`, {
      token: seller.session,
    });
    assert.equal(issuer.body.status, 'submitted');
  });

  test('dispute without a reason: 400, the page says why; with one: disputed', async () => {
    const { doc, token, cookie, csrf } = await opened();
    const bare = await post(token, { csrf, to: 'disputed', reason: '  ' }, { cookie });
    assert.equal(bare.status, 400);
    assert.ok(bare.html.includes('A dispute needs a reason'));
    const tooLong = await post(token, { csrf, to: 'disputed', reason: 'x'.repeat(2001) }, { cookie });
    assert.equal(tooLong.status, 400);
    const odd = await post(token, { csrf, to: 'paid' }, { cookie });
    assert.equal(odd.status, 400);
    const ok = await post(token, { csrf, to: 'disputed', reason: 'Wrong <quantity>' }, { cookie });
    assert.equal(ok.status, 303, ok.html);
    const page = await get(`/r/${token}?done=disputed`, cookie);
    assert.ok(page.html.includes('Wrong &lt;quantity&gt;'), 'the reason shows in the history, escaped');
    const issuer = await svc.req<{ status: string }>('GET', `/v1/documents/${doc.id}`, {
      token: seller.session,
    });
    assert.equal(issuer.body.status, 'disputed');
  });

  test('an illegal move is 409 and the page shows what is legal', async () => {
    const { token, cookie, csrf } = await opened();
    assert.equal((await post(token, { csrf, to: 'approved' }, { cookie })).status, 303);
    const again = await post(token, { csrf, to: 'approved' }, { cookie });
    assert.equal(again.status, 409);
    assert.ok(again.html.includes('already approved'));
  });
});
