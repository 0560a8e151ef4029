-- Sessions past their expiry are pruned by the worker in batches (issue 28, retention); this index
-- makes each batch a short index range instead of a scan of every session ever made.
create index sessions_expiry on sessions (expires_at);
