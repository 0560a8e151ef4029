// What an outbox's backlog reading is, shared by the families that read their own outboxes
// (webhooks, delivery, inbound) and the metrics that report them; src/backlogs.ts gathers them.

/** Depths are counted up to this many; a deeper outbox reads as this many. */
export const BACKLOG_COUNT_CAP = 100_000;

export interface Backlog {
  /** webhook_event_queue, webhook_deliveries; email_deliveries and inbound_messages beside them. */
  outbox: string;
  /** Items waiting (capped at BACKLOG_COUNT_CAP). */
  depth: number;
  /** How long the oldest due item has waited past its time, in seconds (0 if none is late). */
  oldestAgeSeconds: number;
}
