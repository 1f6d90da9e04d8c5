-- The ingest upserted six rollup rows for a two-metric message (minute, hour and day of each),
-- the largest part of a batch's time. Recent readings now upsert their minute rows only, adding
-- to pn/psum too; every few seconds the hour and day rows take in the pending count and sum of
-- the minute rows the ingest wrote and reset them (src/server/ingest/rollup.ts). Not indexed, so
-- the upserts stay HOT.
ALTER TABLE "reading_rollups" ADD COLUMN "pn" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_rollups" ADD COLUMN "psum" double precision DEFAULT 0 NOT NULL;