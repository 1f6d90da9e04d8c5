DROP INDEX "device_locations_device_ts_idx";--> statement-breakpoint
CREATE INDEX "device_locations_device_ts_idx" ON "device_locations" USING btree ("device_id","ts","id");