-- Issue 41 item 4, traces: an event and an email delivery keep the W3C traceparent of the span
-- that wrote them (the request, or its database transaction), so the worker's webhook delivery of
-- the event and its sending of the email, later and perhaps in another process, continue that
-- trace (src/observability/tracing.ts). Null whenever tracing is off (the default) or the row was
-- written outside any span: a nullable column with no default is a catalog change only, and a
-- null costs a bit in the row's null bitmap.
alter table events add column traceparent text;
alter table deliveries add column traceparent text;
