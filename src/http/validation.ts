// JSON Schema validation with two Ajv instances: bodies are strict (no coercion, no silently
// dropped fields), query strings and path params coerce their text into the declared types.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isRealDate, parseInstant } from '../lib/calendar.ts';
import type { FieldProblem } from '../lib/errors.ts';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: false,
    useDefaults: coerce,
    coerceTypes: coerce ? 'array' : false,
    strict: false,
  });
  addFormats(ajv);
  // Stricter than ajv-formats: real calendar days of the years 0001-9999 only (src/lib/calendar.ts).
  ajv.addFormat('date', { type: 'string', validate: isRealDate });
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => parseInstant(s) !== null });
  return ajv;
}

export const bodyAjv = makeAjv(false);
export const paramAjv = makeAjv(true);

/**
 * Fields the server owns: sent in a body they are refused with a message that teaches the fix.
 * The key is the field name at the top level of a document body.
 */
export const SERVER_OWNED_FIELDS: Record<string, string> = {
  tax: 'tax is derived from the lines: set line_items[].tax_rate (0.08 means 8%) on each line instead. subtotal, tax and total are computed by the service.',
  subtotal:
    "subtotal is derived: it is the sum of the lines' net amounts. Send line_items and the service computes it.",
  total:
    'total is derived: subtotal + tax. Send line_items (with tax_rate on each line) and the service computes it.',
  balance_due:
    'balance_due is maintained by the service: it starts at the total and goes to zero when the document is paid.',
  number:
    'number is assigned by the service (INV-000001 for the issuer, BILL-000001 for the counterparty). Put your own reference in external_refs.issuer_ref.',
  status: 'status changes only through POST /v1/documents/{id}/issue and POST /v1/documents/{id}/transition.',
  origin: 'origin is stamped by the service ("api" for API writes) and cannot be supplied.',
  direction:
    'direction is per viewer (sent for the issuer, received for the counterparty) and cannot be supplied.',
  label:
    'label is per viewer (for example Invoice for the issuer, Bill for the counterparty) and cannot be supplied.',
};

function jsonPointerToPath(pointer: string): string {
  if (!pointer) return '';
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(seg) ? `[${seg}]` : out ? `.${seg}` : seg;
  }
  return out;
}

function join(base: string, name: string): string {
  return base ? `${base}.${name}` : name;
}

export interface MappedValidation {
  message: string;
  problems: FieldProblem[];
  /** set when the only problem is a server-owned field at the top of a body */
  serverOwnedField?: string;
}

export function mapAjvErrors(errors: ErrorObject[], part: string): MappedValidation {
  const prefix = part === 'body' ? '' : part === 'querystring' ? 'query' : part === 'params' ? 'path' : part;
  const problems: FieldProblem[] = [];
  let serverOwned: string | undefined;
  const seen = new Set<string>();
  // A union of literals (an enumeration) fails once per literal: name them all in one message.
  const allowedAt = new Map<string, unknown[]>();
  for (const e of errors) {
    if (e.keyword !== 'const') continue;
    const list = allowedAt.get(e.instancePath) ?? [];
    list.push((e.params as { allowedValue: unknown }).allowedValue);
    allowedAt.set(e.instancePath, list);
  }
  // Nullable(X) fails its null branch too; "must be null" only confuses when X said more.
  const saidMore = (at: string) =>
    errors.some(
      (o) =>
        !(o.keyword === 'type' && (o.params as { type?: unknown }).type === 'null') &&
        !['anyOf', 'oneOf', 'if'].includes(o.keyword) &&
        (o.instancePath === at || o.instancePath.startsWith(`${at}/`)),
    );
  for (const e of errors) {
    // anyOf/oneOf add a summary error on top of their branches' errors; the branches say more.
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    if (
      e.keyword === 'type' &&
      (e.params as { type?: unknown }).type === 'null' &&
      saidMore(e.instancePath)
    ) {
      continue;
    }
    let path = jsonPointerToPath(e.instancePath);
    if (prefix) path = path ? `${prefix}.${path}` : prefix;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') {
      const name = String((e.params as { additionalProperty: string }).additionalProperty);
      path = join(path, name);
      if (part === 'body' && e.instancePath === '' && SERVER_OWNED_FIELDS[name]) {
        serverOwned ??= name;
        message = SERVER_OWNED_FIELDS[name];
      } else {
        message = `unknown field "${name}"`;
      }
    } else if (e.keyword === 'required') {
      path = join(path, String((e.params as { missingProperty: string }).missingProperty));
      message = 'is required';
    } else if (e.keyword === 'const') {
      const allowed = allowedAt.get(e.instancePath) ?? [];
      message = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      message = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    const k = `${path}\n${message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    problems.push({ path: path || '(root)', message });
  }
  const first = problems[0];
  if (serverOwned) {
    return {
      message: SERVER_OWNED_FIELDS[serverOwned]!,
      problems,
      serverOwnedField: serverOwned,
    };
  }
  return { message: first ? `${first.path}: ${first.message}` : 'The request is invalid.', problems };
}
