// A refused e-invoice file, beside the control that sent it: a headline in words, then one line per
// business term the file breaks (lib/import-problems.ts), or the error's own message when the
// refusal names no term. Shared by "Import as my invoice" and "Upload a supplier's invoice".
import { DocexError } from '../api/client';
import { importProblems } from '../lib/import-problems';

export interface RefusalHeadlines {
  /** 422 einvoice_mismatch: the file's totals disagree with its lines. */
  mismatch: string;
  /** Refused with one line per term, when that deserves its own headline. */
  terms?: string;
  /** Anything else. */
  other: string;
}

export function ImportRefusal({
  error,
  id,
  testId,
  headlines,
}: {
  error: unknown;
  id: string;
  testId: string;
  headlines: RefusalHeadlines;
}) {
  const problems = importProblems(error);
  const headline =
    error instanceof DocexError && error.code === 'einvoice_mismatch'
      ? headlines.mismatch
      : problems.length > 0 && headlines.terms
        ? headlines.terms
        : headlines.other;
  return (
    <div id={id} className="field-error import-errors" role="alert" data-testid={testId}>
      <strong>{headline}</strong>
      {problems.length > 0 ? (
        <ul>
          {problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity but their place.
            <li key={i}>
              {p.term ? <strong>{p.term}: </strong> : null}
              {p.message}
            </li>
          ))}
        </ul>
      ) : (
        <span> {error instanceof Error ? error.message : String(error)}</span>
      )}
    </div>
  );
}
