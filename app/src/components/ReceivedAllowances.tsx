// A received e-invoice's own terms (CONTRACT 11.5 "Received whole"): the document-level allowances
// and charges (BG-20/21) and each line's allowances, charges, price base quantity and gross price,
// as the supplier's file stated them. docex's own documents have none, and this renders nothing.
import type { Document } from '../api/types';
import { showMoney } from '../lib/locale';

type Allowance = Document['allowances_charges'][number];

const signed = (a: Pick<Allowance, 'kind' | 'amount'>, currency: string): string =>
  `${a.kind === 'charge' ? '+' : '−'}${showMoney(a.amount, currency)}`;

export function ReceivedAllowances({ doc }: { doc: Document }) {
  const lines = doc.line_items.filter(
    (l) => (l.allowances_charges?.length ?? 0) > 0 || l.base_quantity || l.gross_price,
  );
  if (doc.allowances_charges.length === 0 && lines.length === 0) return null;
  return (
    <div className="received-terms" data-testid="received-allowances">
      {lines.length > 0 && (
        <>
          <h3>As the supplier's file states each line</h3>
          <ul>
            {lines.map((l) => (
              <li key={l.line_number}>
                Line {l.line_number}:{' '}
                {[
                  l.base_quantity
                    ? `price per ${l.base_quantity} ${l.base_quantity_unit_code ?? ''}`.trim()
                    : null,
                  l.gross_price ? `gross price ${showMoney(l.gross_price, doc.currency)}` : null,
                  ...(l.allowances_charges ?? []).map(
                    (a) => `${a.kind} ${signed(a, doc.currency)}${a.reason ? ` (${a.reason})` : ''}`,
                  ),
                ]
                  .filter((x) => x !== null)
                  .join(' · ')}
              </li>
            ))}
          </ul>
        </>
      )}
      {doc.allowances_charges.length > 0 && (
        <dl className="totals" aria-label="Allowances and charges">
          {doc.allowances_charges.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the file's order is the only identity they have
            <div key={i} style={{ display: 'contents' }}>
              <dt>
                {a.kind === 'charge' ? 'Charge' : 'Allowance'}
                {a.reason ? `: ${a.reason}` : ''}
              </dt>
              <dd>{signed(a, doc.currency)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
