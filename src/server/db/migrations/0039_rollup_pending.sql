-- The ingest upserted six rollup rows for a two-metric message (minute, hour and day of each),
-- the largest part of a batch's time. Recent readings now upsert their minute rows only, adding
-- to pn/psum too; every few seconds the hour and day rows take in the minute rows' pending count
-- and sum and reset them (src/server/ingest/rollup.ts). The partial index finds the recent minute
-- rows (and the retention's old ones); bucket never changes, so the upserts stay HOT.
ALTER TABLE "reading_rollups" ADD COLUMN "pn" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_rollups" ADD COLUMN "psum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reading_rollups_minute_idx" ON "reading_rollups" USING btree ("bucket") WHERE grain = 1;