CREATE TABLE "face_distributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"imei" text NOT NULL,
	"command_id" integer,
	"error" text,
	"sample_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "face_distributions" ADD CONSTRAINT "face_distributions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_distributions" ADD CONSTRAINT "face_distributions_library_id_face_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."face_libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_distributions" ADD CONSTRAINT "face_distributions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_distributions" ADD CONSTRAINT "face_distributions_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_distributions_tenant_idx" ON "face_distributions" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "face_distributions_tenant_imei_idx" ON "face_distributions" USING btree ("tenant_id","imei");--> statement-breakpoint
CREATE INDEX "face_distributions_tenant_library_idx" ON "face_distributions" USING btree ("tenant_id","library_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "face_distributions_library_device_uq" ON "face_distributions" USING btree ("library_id","device_id");--> statement-breakpoint
CREATE INDEX "face_distributions_device_idx" ON "face_distributions" USING btree ("device_id");