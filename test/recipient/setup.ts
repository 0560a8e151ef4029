// What the recipient-link tests share: an issuer with a legal profile, an external party on its
// connection, an issued document to it and its link's token, and requests through the link from
// an address of their own (the link's per-address limit would otherwise make the tests of one
// file depend on each other).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inTransaction } from '../../src/db/transaction.ts';
import type { LegalProfile } from '../../src/lib/legal-profile.ts';
import { recipientLinkFor } from '../../src/modules/delivery/recipient-link.ts';
import { createExternalParty } from '../../src/modules/parties/external-parties.ts';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import type { SignedUp } from '../helpers/flows.ts';
import type { RequestOptions, Res, TestService } from '../helpers/harness.ts';

export interface Party {
  id: string;
  connectionId: string;
  name: string;
  email: string;
}

let counter = 0;

/** An address no other request of the run uses. */
export function freshAddress(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function giveProfile(svc: TestService, user: SignedUp, profile: object = SELLER): Promise<void> {
  const res = await svc.req('PATCH', '/v1/organization', { token: user.session, body: profile });
  if (res.status !== 200) throw new Error(`profile: ${res.status} ${res.text}`);
}

/**
 * An external party of `owner` and its active connection, made with the parties module's own
 * function (as POST /v1/connections {external_party} does), in the owner's environment.
 */
export async function addParty(
  svc: TestService,
  owner: SignedUp,
  name = 'Client Ltd',
  email = 'ap@client.example',
  legalProfile: LegalProfile | null = null,
): Promise<Party> {
  const org = await svc.ctx.db
    .selectFrom('organizations')
    .select('environment')
    .where('id', '=', owner.orgId)
    .executeTakeFirstOrThrow();
  const party = await inTransaction(svc.ctx.db, (trx) =>
    createExternalParty(
      trx,
      owner.orgId,
      { name, email, ...(legalProfile ? { legal_profile: legalProfile } : {}) },
      org.environment,
      svc.ctx.clock.now(),
    ),
  );
  return { id: party.id, connectionId: party.connection_id, name, email };
}

export interface Issued {
  id: string;
  number: string;
}

export async function issueTo(
  svc: TestService,
  owner: SignedUp,
  party: Party,
  body: Record<string, unknown> = {},
): Promise<Issued> {
  const created = await svc.req<{ id: string; number: string }>('POST', '/v1/documents', {
    token: owner.session,
    body: {
      connection_id: party.connectionId,
      document_type: 'invoice',
      currency: 'EUR',
      payment_terms: 'net_30',
      line_items: [
        { description: 'Consulting, March', quantity: 3, unit_price: 120, tax_rate: 0.19 },
        { description: 'Travel', quantity: 1, unit_price: 80.5, tax_rate: 0.19 },
      ],
      ...body,
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const issued = await svc.req('POST', `/v1/documents/${created.body.id}/issue`, { token: owner.session });
  if (issued.status !== 200) throw new Error(`issue: ${issued.status} ${issued.text}`);
  return { id: created.body.id, number: created.body.number };
}

/** The document's link for the party (the same one its emails carry), and its token. */
export async function tokenFor(svc: TestService, documentId: string, partyId: string): Promise<string> {
  const link = await recipientLinkFor(svc.ctx, svc.ctx.db, documentId, partyId);
  const token = link.url.split('/r/')[1];
  if (!token) throw new Error(`no token in ${link.url}`);
  return token;
}

/** A request through the link from an address of its own (unless the test names one). */
export function viaLink<T = Record<string, unknown>>(
  svc: TestService,
  method: string,
  url: string,
  opts: RequestOptions = {},
): Promise<Res<T>> {
  return svc.req<T>(method, url, { remoteAddress: freshAddress(), ...opts });
}

/** The deployment's bundle-signing public key (GET /v1/provenance/keys), to pin the signer. */
export async function signingKey(svc: TestService): Promise<string> {
  const keys = await svc.req<{ data: { public_key: string }[] }>('GET', '/v1/provenance/keys');
  return keys.body.data[0]!.public_key;
}

/** Runs the published verifier (scripts/verify-bundle.mjs) on the bytes, as a separate process. */
export function verifyBundle(
  bytes: Buffer,
  publicKey: string,
): { code: number | null; out: string; err: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docex-recipient-'));
  try {
    const file = join(dir, 'bundle.json');
    writeFileSync(file, bytes);
    const verifier = join(process.cwd(), 'scripts', 'verify-bundle.mjs');
    const run = spawnSync(process.execPath, [verifier, file, '--public-key', publicKey], {
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The raw bytes of a GET (downloads): inject, from an address of its own. */
export async function download(
  svc: TestService,
  url: string,
  token?: string,
): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }> {
  const res = await svc.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: freshAddress(),
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}
