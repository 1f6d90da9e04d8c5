-- Devices speaking their own protocols (GT06, watches, JT/T 808, OsmAnd; docs/protocols.md): a
-- position carries the receiver's fix validity, its satellites and the cells and Wi-Fi it heard;
-- a device no one registered is refused and listed for administrators.
CREATE TABLE "protocol_unknown_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"identifier" text NOT NULL,
	"remote" text NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"frames" integer DEFAULT 1 NOT NULL,
	"last_frame" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_locations" ADD COLUMN "valid" boolean;--> statement-breakpoint
ALTER TABLE "device_locations" ADD COLUMN "satellites" smallint;--> statement-breakpoint
ALTER TABLE "device_locations" ADD COLUMN "radio" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_unknown_devices_uq" ON "protocol_unknown_devices" USING btree ("protocol","identifier");--> statement-breakpoint
CREATE INDEX "protocol_unknown_devices_seen_idx" ON "protocol_unknown_devices" USING btree ("last_seen");