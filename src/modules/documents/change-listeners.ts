// A port for families above documents that write their own rows with a document's change, in the
// same statement (so exactly when it commits): delivery's outbox queues an email when a document
// reaches an external party (CONTRACT 11.2). Documents never import them; wiring.ts plugs them in.
import type { Statement } from '../../db/statement.ts';
import { PortList } from '../../lib/port.ts';
import type { DocumentActor } from './history.ts';
import type { DocumentRecord } from './project-document.ts';

export interface DocumentChange {
  /** null for a new document */
  before: DocumentRecord | null;
  after: DocumentRecord;
  kind: 'created' | 'edited' | 'status_changed';
  actor: DocumentActor;
  action: string;
}

/** Returns the data-modifying statements to run with the change (none for most changes). */
export type ChangeListener = (change: DocumentChange, now: Date) => Statement[];

const listeners = new PortList<ChangeListener>('change listener');

/** Called once per family when the service is wired; a listener plugged twice runs once. */
export function plugChangeListener(name: string, listener: ChangeListener): void {
  listeners.plug(name, listener);
}

export function changeListenerStatements(change: DocumentChange, now: Date): Statement[] {
  if (listeners.plugged.length === 0) return [];
  const out: Statement[] = [];
  for (const l of listeners.plugged) out.push(...l(change, now));
  return out;
}
