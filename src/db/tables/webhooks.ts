import type { ColumnType } from 'kysely';

export interface WebhookAttempt {
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface WebhookEndpointsTable {
  id: string;
  organization_id: string;
  url: string;
  events: string[];
  status: 'ACTIVE' | 'DISABLED';
  disabled_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_valid_until: Date | null;
  /** Until when GET shows the secret: set when docex rotated it itself (migration 0026). */
  secret_shown_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookEventQueueTable {
  event_id: string;
  created_at: Date;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';
export type DeliveryFailureReason = 'attempts_exhausted' | 'endpoint_disabled' | 'event_expired';

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  organization_id: string;
  event_id: string;
  event_type: string;
  payload: string | null;
  status: DeliveryStatus;
  failure_reason: DeliveryFailureReason | null;
  /** Read as parsed JSON; written as JSON text. */
  attempts: ColumnType<WebhookAttempt[], string, string>;
  series_attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  lease_token: string | null;
  lease_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** One fan-out pass's handed-over deliveries, until their outcomes are recorded (migration 0015). */
export interface WebhookHandoffsTable {
  lease_token: string;
  lease_until: Date;
  delivery_ids: string[];
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_event_queue: WebhookEventQueueTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_handoffs: WebhookHandoffsTable;
}
