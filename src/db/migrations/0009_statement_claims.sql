-- Issue 9: the hottest write (POST /v1/documents) claims its Idempotency-Key inside the statement
-- that writes the document, already done with its response, instead of in statements of its own
-- before and after (two round trips of five; bench/README.md). The response is sealed before the
-- statement runs, when the document's number is not known yet: the number is a placeholder in
-- the sealed text, and the statement records what each placeholder became beside it.
alter table idempotency_keys add column response_fills jsonb;

-- A condition a statement was decided on. Used as the first output of a statement of
-- data-modifying CTEs: when it does not hold, the statement fails with SQLSTATE DX001 and the
-- reason as its message, so nothing it would have written is written.
create function docex_require(ok boolean, reason text) returns boolean language plpgsql as $$
begin
  if ok is not true then
    raise exception using errcode = 'DX001', message = reason;
  end if;
  return true;
end
$$;
