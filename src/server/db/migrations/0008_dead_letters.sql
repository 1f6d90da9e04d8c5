CREATE TABLE "device_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"topic" text NOT NULL,
	"payload" "bytea" NOT NULL,
	"reason" text NOT NULL,
	"error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_dead_letters" ADD CONSTRAINT "device_dead_letters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_dead_letters_device_idx" ON "device_dead_letters" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_dead_letters_tenant_idx" ON "device_dead_letters" USING btree ("tenant_id","created_at");