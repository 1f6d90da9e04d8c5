-- The reading rollups are upserted for every stored reading: each message adds to its device's
-- minute, hour and day rows of each metric (6 row updates for a two-metric message). With full
-- pages none of those updates could stay on its page, so each wrote a new row version elsewhere
-- and new entries in both indexes (HOT updates: 208 of 60,000 in a 10-batch test). Half-empty
-- pages keep them HOT (60,000 of 60,000): one batch of 1,000 messages of 1,000 devices went from
-- 153 to 86 ms on PGlite (docs/performance.md "Ingest"). Applies to pages written from now on, as
-- 0004 did for the devices.
ALTER TABLE "reading_rollups" SET (fillfactor = 50);
