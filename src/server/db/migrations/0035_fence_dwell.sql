ALTER TABLE "fence_device_states" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fence_device_states" ADD COLUMN "pending_inside" boolean;--> statement-breakpoint
ALTER TABLE "fences" ADD COLUMN "dwell_s" integer;