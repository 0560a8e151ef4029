// Learning from a confirmed capture (CONTRACT §13 "Learning per supplier"): for each confirmed
// field, where its value is printed (the box it was read from when that box still shows it, else
// the first place the file prints that value, one beside a label of the field preferred), the
// words that label it (a known label, else the words just left of it or just above it), and the
// value's place relative to that label and to the page. The next file of the same supplier is
// read there first (learned-read.ts).
import {
  type CapturedValue,
  type CaptureFields,
  FIELD_NAMES,
  type FieldName,
  type LearnedLayout,
  type ReadFile,
} from '../../../lib/capture-shapes.ts';
import { kindOf } from './candidates.ts';
import { compactId, ibanValid, vatIdValid } from './checks.ts';
import { labelsOf } from './find-labels.ts';
import { asLayout, LAYOUT_VERSION, type Layout, type LearnedField, type LearnedSupplier } from './layout.ts';
import { boxOf, type Line, lineHeight, linesOf, type Word } from './lines.ts';
import { languageOfWords, localeOf } from './locale.ts';
import { cents } from './numbers.ts';
import { sameName } from './parties.ts';
import { type ReadContext, readAt } from './read-values.ts';

/** Every field but the breakdown (a table, read as one) and the seller's email (never learned). */
const LEARNED: FieldName[] = FIELD_NAMES.filter((n) => n !== 'tax_breakdown' && n !== 'seller_email');

const AMOUNT = new Set<FieldName>(['total_net', 'total_tax', 'total', 'amount_due']);

function equal(field: FieldName, read: string, confirmed: string): boolean {
  if (AMOUNT.has(field)) return /^-?[0-9]+(\.[0-9]+)?$/.test(confirmed) && cents(read) === cents(confirmed);
  if (field === 'seller_name' || field === 'buyer_name') return sameName(read, confirmed);
  return compactId(read) === compactId(confirmed);
}

interface Place {
  line: Line;
  words: Word[];
}

/** Every place the file prints the confirmed value. */
function placesOf(lines: Line[], field: FieldName, confirmed: string, ctx: ReadContext): Place[] {
  const out: Place[] = [];
  const kind = kindOf(field);
  for (const line of lines) {
    const h = lineHeight(line);
    for (let i = 0; i < line.words.length; i++) {
      if (field === 'seller_name' || field === 'buyer_name') {
        const n = confirmed.split(/\s+/).length;
        for (const len of [n, n + 1, n - 1]) {
          const ws = line.words.slice(i, i + len);
          if (ws.length === len && len > 0 && sameName(ws.map((w) => w.text).join(' '), confirmed)) {
            out.push({ line, words: ws });
            break;
          }
        }
        continue;
      }
      if (kind === undefined) continue;
      const r = readAt(kind, line.words, i, h, ctx);
      if (r && equal(field, r.value, confirmed)) out.push({ line, words: r.words });
    }
  }
  return out;
}

/** The words labelling a value: a known label of the field on its line, else the words just left, else just above. */
function labelOf(place: Place, lines: Line[], field: FieldName): Word[] | null {
  const { line, words } = place;
  const first = line.words.indexOf(words[0] as Word);
  const hit = labelsOf(line)
    .filter((h) => h.kind === field && h.last < first)
    .pop();
  if (hit) return line.words.slice(hit.first, hit.last + 1);
  const h = lineHeight(line);
  const left: Word[] = [];
  for (let i = first - 1; i >= 0 && left.length < 4; i--) {
    const w = line.words[i] as Word;
    const next = (left[0] ?? words[0]) as Word;
    if (next.bbox[0] - w.bbox[2] > h * (left.length === 0 ? 25 : 1.5)) break;
    if (/[0-9]/.test(w.text) && left.length === 0 && !/[:]$/.test(w.text)) break;
    left.unshift(w);
  }
  if (left.length > 0 && /\p{L}{2}/u.test(left.map((w) => w.text).join(''))) return left;
  const at = lines.indexOf(line);
  const above = lines[at - 1];
  if (above && above.page === line.page && line.bbox[1] - above.bbox[3] < h * 2.5) {
    const vb = boxOf(words);
    const ws = above.words.filter((w) => w.bbox[2] >= vb[0] - h && w.bbox[0] <= vb[2] + h).slice(0, 4);
    if (ws.length > 0 && /\p{L}{2}/u.test(ws.map((w) => w.text).join(''))) return ws;
  }
  return null;
}

function foldedOf(line: Line, words: Word[]): string {
  const i = line.words.indexOf(words[0] as Word);
  const j = line.words.indexOf(words[words.length - 1] as Word);
  const s = line.starts[i] as number;
  const e = (line.starts[j] as number) + (words[words.length - 1] as Word).text.length;
  return line.folded.slice(s, e);
}

/** The supplier as this confirmation names it, with what earlier ones said (a second IBAN, say). */
function supplierOf(confirmed: CaptureFields, before: LearnedSupplier | undefined): LearnedSupplier {
  const vat = confirmed.seller_vat_id?.value;
  const iban = confirmed.iban?.value;
  const add = (list: string[], v: string | null) => (v === null || list.includes(v) ? list : [...list, v]);
  return {
    name: confirmed.seller_name?.value || before?.name || null,
    vat_ids: add(before?.vat_ids ?? [], vat && vatIdValid(null, vat) ? compactId(vat) : null),
    ibans: add(before?.ibans ?? [], iban && ibanValid(iban) ? compactId(iban) : null),
  };
}

export function learnLayout(
  file: ReadFile,
  confirmed: CaptureFields,
  previous: LearnedLayout | null,
): LearnedLayout {
  const lines = linesOf(file);
  const before = asLayout(previous);
  const layout: Layout = {
    version: LAYOUT_VERSION,
    fields: { ...(before?.fields ?? {}) },
    confirmations: (before?.confirmations ?? 0) + 1,
    supplier: supplierOf(confirmed, before?.supplier),
  };
  if (before?.language) layout.language = before.language;
  if (lines.length === 0) return layout;
  const ctx = localeOf(lines, { name: '', vat_id: null, legal_registration_id: null, country_code: null });
  // the language its words say, not locale's default for a file whose words say none
  const language = languageOfWords(lines);
  if (language !== null) layout.language = language;
  const pages = [...new Set(lines.map((l) => l.page))];
  for (const field of LEARNED) {
    const v = confirmed[field] as CapturedValue | null;
    if (!v || typeof v.value !== 'string' || v.value === '') continue;
    const places = placesOf(lines, field, v.value, ctx);
    if (places.length === 0) continue;
    // the box the value was read from (or clicked), when it still shows the value; else a place
    // beside a known label of the field; else the first
    const inBox = places.find(
      (p) =>
        p.line.page === v.page &&
        p.words.some(
          (w) =>
            w.bbox[0] < v.bbox[2] && w.bbox[2] > v.bbox[0] && w.bbox[1] < v.bbox[3] && w.bbox[3] > v.bbox[1],
        ),
    );
    const labelled = places.find((p) => labelsOf(p.line).some((h) => h.kind === field));
    const place = inBox ?? labelled ?? (places[0] as Place);
    const vb = boxOf(place.words);
    const W = (place.words[0] as Word).pageWidth;
    const H = (place.words[0] as Word).pageHeight;
    const label = labelOf(place, lines, field);
    const labelLine = label ? (lines.find((l) => l.words.includes(label[0] as Word)) as Line) : null;
    const lb = label ? boxOf(label) : null;
    const page: LearnedField['page'] =
      place.line.page === pages[0]
        ? 'first'
        : place.line.page === pages[pages.length - 1]
          ? 'last'
          : place.line.page;
    const entry: LearnedField = {
      page,
      label: label && labelLine ? foldedOf(labelLine, label) : null,
      labelAt: lb ? [lb[0] / W, lb[1] / H] : null,
      offset: lb ? [vb[0] - lb[0], vb[1] - lb[1], vb[2] - lb[0], vb[3] - lb[1]] : null,
      rel: [vb[0] / W, vb[1] / H, vb[2] / W, vb[3] / H],
    };
    if (field === 'seller_name' || field === 'buyer_name') entry.value = v.value;
    layout.fields[field] = entry;
  }
  return layout;
}
