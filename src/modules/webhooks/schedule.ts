// The webhook-only part of the delivery rules; the retry schedule itself is every outbox's
// (src/lib/outbox.ts).

/** Consecutive terminal failures after which an endpoint is DISABLED (SPEC 2.4). */
export const DISABLE_AFTER_TERMINAL_FAILURES = 20;
