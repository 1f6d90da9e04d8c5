-- Ingest tuning: the devices' live fields (battery, signal, last values, ...) are rewritten for
-- every reporting device about once a second. Leaving 30 % of each page free lets most of those
-- updates stay HOT (the new row version on the same page, no index entries written), which keeps
-- the table and its indexes from bloating under telemetry. Applies to pages written from now on;
-- existing pages pick it up as they are rewritten (VACUUM FULL / CLUSTER packs them at once).
ALTER TABLE "devices" SET (fillfactor = 70);
