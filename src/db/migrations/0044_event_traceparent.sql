-- Issue 41 item 4, traces: an event keeps the W3C traceparent of the span that wrote it (the
-- request's database transaction), so the worker's webhook delivery of it, later and perhaps in
-- another process, continues that trace (src/observability/tracing.ts). Null whenever tracing is
-- off (the default) or the event was written outside any span: a nullable column with no default
-- is a catalog change only, and a null costs a bit in the row's null bitmap.
alter table events add column traceparent text;
