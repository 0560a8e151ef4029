-- Failed sign-ins per email (CONTRACT 10): after 5 within 15 minutes that email is refused with
-- 429 until the window passes. A row is written before the password is checked (and deleted when
-- it was right), under a per-email advisory lock, so concurrent guesses cannot slip past the count.
-- The worker's housekeeping prunes rows older than the window.
create table sign_in_failures (
  id text collate "C" primary key,
  email text not null,
  at timestamptz not null
);
create index sign_in_failures_by_email on sign_in_failures (email, at desc);
