-- Live screens (issue #13): the owner's run history and recent runs, versions created in another
-- tab and the deploy state update as they change. Tables opt in to Supabase Realtime through the
-- supabase_realtime publication, on hosted Supabase and in the embedded backend alike; Realtime
-- delivers a change only to subscribers whose row-level security lets them select the row, so
-- the policies already on these tables decide who hears what (AppRun: the app's owner and the
-- runner; AppVersion: the owner, and readers of a deployed version; App: the owner, and readers of
-- deployed apps). AppRun.state is not granted to anyone: its changes carry every granted column.
-- The publication itself exists on hosted Supabase and comes with the embedded backend's platform
-- schema (apps/backend/sql/platform/0004_realtime.sql).
alter publication supabase_realtime add table public."App", public."AppVersion", public."AppRun";
