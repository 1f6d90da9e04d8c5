DROP INDEX "protocol_unknown_devices_seen_idx";--> statement-breakpoint
CREATE INDEX "protocol_unknown_devices_identifier_trgm_idx" ON "protocol_unknown_devices" USING gin ("identifier" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "protocol_unknown_devices_remote_trgm_idx" ON "protocol_unknown_devices" USING gin ("remote" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "protocol_unknown_devices_seen_idx" ON "protocol_unknown_devices" USING btree ("last_seen","id" DESC NULLS LAST);