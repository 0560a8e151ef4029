// Families that decide whether a document may be issued: delivery's sending limits (CONTRACT 11.2,
// 1.18.0), since issuing to an external party queues an email in the issue's own statement. A
// guard runs inside the issue's transaction, with the draft locked and before anything is written,
// and throws an ApiError to refuse. Plugged in when the service is wired (src/modules/wiring.ts),
// so documents names no delivery code.
import type { Config } from '../../config.ts';
import type { Tx } from '../../context.ts';
import { PortList } from '../../lib/port.ts';
import type { DocumentRecord } from './project-document.ts';

export type IssueGuard = (trx: Tx, draft: DocumentRecord, issuedAt: Date, config: Config) => Promise<void>;

const guards = new PortList<IssueGuard>('issue guard');

export function plugIssueGuard(name: string, guard: IssueGuard): void {
  guards.plug(name, guard);
}

export async function guardIssue(
  trx: Tx,
  draft: DocumentRecord,
  issuedAt: Date,
  config: Config,
): Promise<void> {
  for (const guard of guards.plugged) await guard(trx, draft, issuedAt, config);
}
