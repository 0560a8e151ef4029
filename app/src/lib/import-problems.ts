// A refused e-invoice file (import, or a supplier's invoice uploaded): the teaching part of the
// API's answer, one line per business term the file breaks.
import { DocexError } from '../api/client';

export interface ImportProblem {
  term: string | null;
  message: string;
}

/** The teaching part of an import's refusal: one line per term the file breaks. */
export function importProblems(err: unknown): ImportProblem[] {
  if (!(err instanceof DocexError)) return [];
  if (err.code === 'einvoice_mismatch') {
    const d: { bt?: unknown; file?: unknown; derived?: unknown } = err.details ?? {};
    return [
      {
        term: typeof d.bt === 'string' ? d.bt : null,
        message: `the file states ${String(d.file)}, but its lines give ${String(d.derived)}: nothing was created.`,
      },
    ];
  }
  const list = err.details?.errors;
  if (!Array.isArray(list)) return [];
  return (list as { path?: string; message?: string }[]).map((p) => {
    const message = p.message ?? '';
    const term = /^(B[GT]-\d+):\s*/.exec(message);
    return term
      ? { term: term[1]!, message: message.slice(term[0].length) }
      : { term: null, message: p.path && !message.includes(p.path) ? `${p.path} ${message}` : message };
  });
}
