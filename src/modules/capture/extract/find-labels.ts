// The labels printed on a line: every pattern of labels.ts is matched on the folded text, then the
// longest matches claim their characters first, so a label contained in a longer one (a
// distractor included) does not count on its own.

import { LABELS, type LabelKind, type LabelPattern } from './labels.ts';
import { type Line, wordAt } from './lines.ts';

export interface LabelHit {
  kind: LabelKind;
  weight: 1 | 2;
  title: boolean;
  line: Line;
  /** character span in the line's text */
  start: number;
  end: number;
  /** the words the label covers (first and last index) */
  first: number;
  last: number;
  text: string;
}

export function labelsOf(line: Line, patterns: LabelPattern[] = LABELS): LabelHit[] {
  const found: { pat: LabelPattern; start: number; end: number }[] = [];
  for (const pat of patterns) {
    pat.re.lastIndex = 0;
    for (const m of line.folded.matchAll(pat.re)) {
      const start = m.index ?? 0;
      let end = start + m[0].length;
      // a label ends at a word's end: its trailing colon or dot belongs to it
      while (end < line.text.length && /[:.)\]]/.test(line.text[end] as string)) end++;
      if (end > start) found.push({ pat, start, end });
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || b.pat.weight - a.pat.weight);
  const taken: boolean[] = new Array(line.text.length).fill(false);
  const hits: LabelHit[] = [];
  for (const f of found) {
    let free = true;
    for (let i = f.start; i < f.end; i++) if (taken[i]) free = false;
    if (!free) continue;
    for (let i = f.start; i < f.end; i++) taken[i] = true;
    const first = wordAt(line, f.start);
    const last = wordAt(line, f.end - 1);
    hits.push({
      kind: f.pat.kind,
      weight: f.pat.weight,
      title: f.pat.title === true,
      line,
      start: f.start,
      end: f.end,
      first,
      last,
      text: line.text.slice(f.start, f.end),
    });
  }
  return hits.sort((a, b) => a.start - b.start);
}
