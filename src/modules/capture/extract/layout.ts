// What a confirmed capture teaches about one supplier's layout (the inside of LearnedLayout, which
// the capture resource stores per supplier key and hands back): for each field, the words that
// labelled it and where the value sat relative to them, or, with no label, relative to the page.
import type { FieldName, LearnedLayout } from '../../../lib/capture-shapes.ts';
import { LANGUAGES, type Language } from './locale.ts';

export const LAYOUT_VERSION = 1;

export interface LearnedField {
  /** 'first' or 'last' page (a multi-page invoice's totals are on its last), or a page number */
  page: 'first' | 'last' | number;
  /** the label's folded text, or null when the value had none (then `rel` places it) */
  label: string | null;
  /** the label's top-left corner as a fraction of the page: which of several equal labels */
  labelAt: [number, number] | null;
  /** the value's box relative to the label's top-left corner, in the page's units */
  offset: [number, number, number, number] | null;
  /** the value's box as fractions of the page */
  rel: [number, number, number, number];
  /** for a name, the value confirmed: a learned name is taken only when the same name is printed there */
  value?: string;
}

/**
 * Who the supplier is, as its confirmations said: its name, and the VAT ids and IBANs (each passing
 * its check) it was confirmed with. A later file is this supplier's only when it shows one of them
 * `high` and none of another (learned-read.ts `learnedSeller`). Absent from layouts learned
 * before it was added (they are read as before).
 */
export interface LearnedSupplier {
  name: string | null;
  vat_ids: string[];
  ibans: string[];
}

export interface Layout extends LearnedLayout {
  version: typeof LAYOUT_VERSION;
  fields: Partial<Record<FieldName, LearnedField>>;
  supplier?: LearnedSupplier;
  /** how many confirmations taught it */
  confirmations: number;
  /**
   * the language of the supplier's words at its last confirmation (locale.ts's languageOf): its
   * next scans are read in it (read-pass.ts), when the supplier is known before reading
   */
  language?: Language;
}

/** The language a stored layout's supplier writes in, or null when it does not say. */
export function learnedLanguage(l: LearnedLayout | null): Language | null {
  const language = asLayout(l)?.language;
  return typeof language === 'string' && (LANGUAGES as readonly string[]).includes(language)
    ? language
    : null;
}

/** A stored layout this version reads, or null (an older or foreign one is ignored, not trusted). */
export function asLayout(l: LearnedLayout | null): Layout | null {
  if (l === null || l.version !== LAYOUT_VERSION) return null;
  const fields = (l as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return null;
  return l as Layout;
}
