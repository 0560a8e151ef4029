-- Step-up for the web app (issue 35): until when an admin session's user confirmed their password
-- again (POST /app/api/sudo). The app's proxy mints keys and webhook secrets only for a session
-- confirmed within the last 10 minutes, so a script running in the page cannot mint one on its own.
-- Kept with the session, server side, so every process of a deployment sees it and it ends with it.
alter table sessions add column confirmed_until timestamptz;
