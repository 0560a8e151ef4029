// JSON Schema validation with two Ajv instances: bodies are strict (no coercion, no silently
// dropped fields), query strings and path params coerce their text into the declared types.
// Every problem of a request is reported at once (allErrors), each in words a person can read
// (describe below): ajv's own ("must NOT have fewer than 1 characters") never reach an answer.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isRealDate, parseInstant } from '../lib/calendar.ts';
import type { FieldProblem } from '../lib/errors.ts';
import { addStringLength } from './string-length.ts';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    // Each error carries the schema it failed (parentSchema), whose x-label names the field.
    verbose: true,
    removeAdditional: false,
    useDefaults: coerce,
    coerceTypes: coerce ? 'array' : false,
    strict: false,
  });
  addStringLength(ajv);
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

type Schema = Record<string, unknown>;

/** What a JSON type is called in a sentence. */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** What a string format is called in a sentence. */
const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address',
  date: 'a date written YYYY-MM-DD, such as 2026-03-02',
  'date-time': 'a date and time such as 2026-03-02T09:30:00Z',
  uri: 'a URL such as https://example.com/hooks',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

/** "payment_terms" → "payment terms"; an array index reads as the item's number. */
function humanName(path: string): string {
  const m = /(?:^|\.)([^.[\]]+)((?:\[\d+\])*)$/.exec(path);
  if (!m) return 'the request';
  const name = (m[1] ?? '').replace(/_/g, ' ');
  const indexes = [...(m[2] ?? '').matchAll(/\[(\d+)\]/g)].map((i) => Number(i[1]) + 1);
  return indexes.length > 0 ? `${name}, item ${indexes.join('.')}` : name;
}

/** The field's name: the schema's x-label where it gives one, else its own name in words. */
function labelOf(schema: unknown, path: string): string {
  const label = schema && typeof schema === 'object' ? (schema as Schema)['x-label'] : undefined;
  return typeof label === 'string' ? label : humanName(path);
}

const sentence = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const listed = (values: unknown[]): string =>
  values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
const chars = (n: number): string => (n === 1 ? '1 character' : `${n} characters`);

/** One ajv error in words, the field named first: "Street and number is required". */
function describe(e: ErrorObject, path: string, allowed: unknown[] | undefined): string {
  const parent = (e.parentSchema ?? {}) as Schema;
  const p = e.params as Record<string, unknown>;
  const name = sentence(labelOf(parent, path));
  const length = typeof e.data === 'string' ? [...e.data].length : undefined;
  const min = typeof parent.minLength === 'number' ? parent.minLength : undefined;
  const max = typeof parent.maxLength === 'number' ? parent.maxLength : undefined;
  switch (e.keyword) {
    case 'required':
      return `${name} is required`;
    case 'minLength':
    case 'maxLength':
      // An empty text where one is required is, to a person, a field left empty.
      if (e.keyword === 'minLength' && length === 0) return `${name} is required`;
      if (min !== undefined && min > 1 && max !== undefined)
        return `${name} must be ${min} to ${chars(max)} long (this one has ${length})`;
      return e.keyword === 'minLength'
        ? `${name} must be at least ${chars(Number(p.limit))} long (this one has ${length})`
        : `${name} must be at most ${chars(Number(p.limit))} long (this one has ${length})`;
    case 'pattern': {
      const expected = parent['x-expected'];
      return typeof expected === 'string'
        ? `${name} must be ${expected}`
        : `${name} is not in the expected form (${String(p.pattern)})`;
    }
    case 'format':
      return `${name} must be ${FORMAT_WORDS[String(p.format)] ?? `a valid ${String(p.format)}`}`;
    case 'type': {
      const types = String(p.type).split(',');
      return `${name} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'minimum':
      return `${name} must be at least ${String(p.limit)}`;
    case 'maximum':
      return `${name} must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${name} must be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `${name} must be less than ${String(p.limit)}`;
    case 'multipleOf':
      return `${name} must be a multiple of ${String(p.multipleOf)}`;
    case 'minItems':
      return Number(p.limit) === 1
        ? `${name} needs at least one item`
        : `${name} needs at least ${String(p.limit)} items`;
    case 'maxItems':
      return `${name} takes at most ${String(p.limit)} items`;
    case 'uniqueItems':
      return `${name} lists the same item twice (items ${Number(p.j) + 1} and ${Number(p.i) + 1})`;
    case 'minProperties':
      return path === ''
        ? `Send at least ${Number(p.limit) === 1 ? 'one field' : `${String(p.limit)} fields`}`
        : `${name} needs at least ${Number(p.limit) === 1 ? 'one field' : `${String(p.limit)} fields`}`;
    case 'maxProperties':
      return `${name} takes at most ${String(p.limit)} fields`;
    case 'const':
    case 'enum':
      return `${name} must be one of: ${listed(allowed ?? [])}`;
    default:
      return `${name} ${e.message ?? 'is invalid'}`;
  }
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
    let message: string;
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
      const missing = String((e.params as { missingProperty: string }).missingProperty);
      path = join(path, missing);
      const properties = (e.parentSchema as Schema | undefined)?.properties as Schema | undefined;
      message = `${sentence(labelOf(properties?.[missing], path))} is required`;
    } else {
      const allowed =
        e.keyword === 'enum'
          ? (e.params as { allowedValues: unknown[] }).allowedValues
          : allowedAt.get(e.instancePath);
      message = describe(e, path, allowed);
    }
    const k = `${path}\n${message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    problems.push({ path: path || '(root)', message });
  }
  if (serverOwned) {
    return {
      message: SERVER_OWNED_FIELDS[serverOwned]!,
      problems,
      serverOwnedField: serverOwned,
    };
  }
  return { message: summary(problems), problems };
}

/** The envelope's message: the first problem, and how many more details.errors lists. */
export function summary(problems: FieldProblem[]): string {
  const first = problems[0];
  if (!first) return 'The request is invalid.';
  const more = problems.length - 1;
  return more === 0
    ? `${first.message}.`
    : `${first.message} (and ${more} more ${more === 1 ? 'problem' : 'problems'}).`;
}
