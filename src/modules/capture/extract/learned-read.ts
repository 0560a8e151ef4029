// Reading a file with what a supplier's earlier confirmation taught: for each learned field, the
// same label (its words, found again nearest where they were) and the value at the same place
// relative to it, or at the same place on the page when it had no label. A value read there is
// `labeled` (CONTRACT §13: "or learned") and still has to pass every check to be `high`.
import type { FieldName, LearnedLayout } from '../../../lib/capture-shapes.ts';
import { type Candidate, kindOf } from './candidates.ts';
import { asLayout, type LearnedField } from './layout.ts';
import { type Line, lineHeight, type Word } from './lines.ts';
import { findNames, type NameRead, sameName } from './parties.ts';
import { type ReadContext, readAt } from './read-values.ts';

function pageOf(lines: Line[], p: LearnedField['page']): number | null {
  const pages = [...new Set(lines.map((l) => l.page))];
  if (p === 'first') return pages[0] ?? null;
  if (p === 'last') return pages[pages.length - 1] ?? null;
  return pages.includes(p) ? p : null;
}

/** The label's words again: the occurrence nearest where it was learned. */
export function findLabel(lines: Line[], label: string, near: [number, number] | null): Word[] | null {
  let best: { words: Word[]; d: number } | null = null;
  for (const line of lines) {
    let at = line.folded.indexOf(label);
    while (at >= 0) {
      const before = line.folded[at - 1];
      const after = line.folded[at + label.length];
      if (
        (before === undefined || !/\p{L}/u.test(before)) &&
        (after === undefined || !/\p{L}/u.test(after))
      ) {
        const words = line.words.filter((_, i) => {
          const s = line.starts[i] as number;
          return s < at + label.length && s + (line.words[i] as Word).text.length > at;
        });
        const w0 = words[0] as Word;
        const d = near
          ? Math.hypot(w0.bbox[0] / w0.pageWidth - near[0], w0.bbox[1] / w0.pageHeight - near[1])
          : 0;
        if (best === null || d < best.d) best = { words, d };
      }
      at = line.folded.indexOf(label, at + 1);
    }
  }
  return best?.words ?? null;
}

export function learnedCandidates(lines: Line[], learned: LearnedLayout, ctx: ReadContext): Candidate[] {
  const layout = asLayout(learned);
  if (!layout) return [];
  const out: Candidate[] = [];
  for (const [name, f] of Object.entries(layout.fields) as [FieldName, LearnedField][]) {
    const page = pageOf(lines, f.page);
    if (page === null) continue;
    const onPage = lines.filter((l) => l.page === page);
    const W = onPage[0]?.words[0]?.pageWidth ?? 1;
    const H = onPage[0]?.words[0]?.pageHeight ?? 1;
    let box: [number, number, number, number] = [f.rel[0] * W, f.rel[1] * H, f.rel[2] * W, f.rel[3] * H];
    let labelWords: Word[] = [];
    if (f.label !== null && f.offset !== null) {
      const label = findLabel(onPage, f.label, f.labelAt);
      if (!label) continue;
      labelWords = label;
      const [lx, ly] = [(label[0] as Word).bbox[0], (label[0] as Word).bbox[1]];
      box = [lx + f.offset[0], ly + f.offset[1], lx + f.offset[2], ly + f.offset[3]];
    }
    const r = readThere(onPage, box, name, ctx, labelWords);
    if (!r) continue;
    if ((name === 'seller_name' || name === 'buyer_name') && !(f.value && sameName(r.value, f.value)))
      continue;
    const first = r.words[0] as Word;
    const line = onPage.find((l) => l.words.includes(first)) as Line;
    out.push({
      field: name,
      value: r.value,
      words: r.words,
      page,
      labeled: true,
      weight: 3,
      order: line.page * 1e6 + line.index * 1e3 + line.words.indexOf(first),
      label: null,
      rateLine: false,
      currency: r.currency ?? null,
    });
  }
  return out;
}

/**
 * The value of `field` printed in (or overlapping) `box`, never one of its label's words (a page
 * printed at another scale moves the box onto them: "REFERENCE AVIS DE PAIEMENT" is not a code).
 */
function readThere(
  lines: Line[],
  box: [number, number, number, number],
  field: FieldName,
  ctx: ReadContext,
  label: Word[],
) {
  const cy = (box[1] + box[3]) / 2;
  const line = lines
    .filter((l) => Math.abs((l.bbox[1] + l.bbox[3]) / 2 - cy) <= lineHeight(l) * 0.8)
    .sort(
      (a, b) => Math.abs((a.bbox[1] + a.bbox[3]) / 2 - cy) - Math.abs((b.bbox[1] + b.bbox[3]) / 2 - cy),
    )[0];
  if (!line) return null;
  const h = lineHeight(line);
  const i = line.words.findIndex((w) => w.bbox[2] >= box[0] - h && w.bbox[0] <= box[2] + h);
  if (i < 0) return null;
  if (field === 'seller_name' || field === 'buyer_name' || field === 'seller_email') {
    const ws = line.words.filter((w) => w.bbox[2] >= box[0] - h / 2 && w.bbox[0] <= box[2] + h / 2);
    return ws.length > 0 ? { value: ws.map((w) => w.text).join(' '), words: ws, currency: null } : null;
  }
  const kind = kindOf(field);
  if (kind === undefined) return null;
  for (let j = i; j < line.words.length && (line.words[j] as Word).bbox[0] <= box[2] + h; j++) {
    if (label.includes(line.words[j] as Word)) continue;
    const r = readAt(kind, line.words, j, h, ctx);
    if (r) return r;
  }
  return null;
}

/** What the file itself shows of its seller: the VAT id and IBAN read, each valid, and whether `high`. */
export interface SellerIdentity {
  vat: { value: string; high: boolean } | null;
  iban: { value: string; high: boolean } | null;
}

/**
 * The supplier's confirmed name, read where this file prints it (CONTRACT §13 "or learned"), when
 * the file shows itself this supplier's: its seller VAT id or IBAN, read `high`, is one the
 * supplier was confirmed with, and neither names another supplier. Not where the buyer's name is
 * printed (`notAt`: those words). `conflict`: the file names another seller, so nothing learned
 * of this one's name applies; null: the layout knows no identity, or the name is not printed.
 */
export function learnedSeller(
  lines: Line[],
  learned: LearnedLayout,
  seen: SellerIdentity,
  notAt: (words: Word[]) => boolean,
): NameRead | 'conflict' | null {
  const layout = asLayout(learned);
  const s = layout?.supplier;
  if (!layout || !s || s.name === null) return null;
  const conflict =
    (seen.vat !== null && s.vat_ids.length > 0 && !s.vat_ids.includes(seen.vat.value)) ||
    (seen.iban !== null && s.ibans.length > 0 && !s.ibans.includes(seen.iban.value));
  if (conflict) return 'conflict';
  const match =
    (seen.vat?.high === true && s.vat_ids.includes(seen.vat.value)) ||
    (seen.iban?.high === true && s.ibans.includes(seen.iban.value));
  if (!match) return null;
  const places = findNames(lines, s.name, 20).filter((p) => !notAt(p.words));
  if (places.length === 0) return null;
  // where the confirmation found it, when the file prints it there again; else the first place
  const rel = layout.fields.seller_name?.rel;
  const dist = (ws: Word[]) => {
    const w = ws[0] as Word;
    return rel ? Math.hypot(w.bbox[0] / w.pageWidth - rel[0], w.bbox[1] / w.pageHeight - rel[1]) : 0;
  };
  const best = places.reduce((a, b) => (dist(b.words) < dist(a.words) ? b : a));
  return {
    value: best.words.map((w) => w.text).join(' '),
    words: best.words,
    page: best.line.page,
    labeled: true,
  };
}
