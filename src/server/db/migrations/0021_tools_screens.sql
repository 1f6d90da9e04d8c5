CREATE TABLE "audio_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer,
	"imei" text NOT NULL,
	"device_name" text,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"file" text,
	"command_id" integer,
	"operator_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_voices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer,
	"imei" text NOT NULL,
	"device_name" text,
	"duration_ms" integer,
	"size" integer NOT NULL,
	"file" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "thing_model" jsonb;--> statement-breakpoint
ALTER TABLE "audio_pushes" ADD CONSTRAINT "audio_pushes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_pushes" ADD CONSTRAINT "audio_pushes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_pushes" ADD CONSTRAINT "audio_pushes_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_voices" ADD CONSTRAINT "device_voices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_voices" ADD CONSTRAINT "device_voices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_pushes_tenant_idx" ON "audio_pushes" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "audio_pushes_tenant_imei_idx" ON "audio_pushes" USING btree ("tenant_id","imei","id");--> statement-breakpoint
CREATE INDEX "audio_pushes_tenant_source_idx" ON "audio_pushes" USING btree ("tenant_id","source","id");--> statement-breakpoint
CREATE INDEX "audio_pushes_tenant_title_idx" ON "audio_pushes" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "audio_pushes_tenant_created_idx" ON "audio_pushes" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "device_voices_tenant_idx" ON "device_voices" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "device_voices_tenant_imei_idx" ON "device_voices" USING btree ("tenant_id","imei","id");--> statement-breakpoint
CREATE INDEX "device_voices_tenant_duration_idx" ON "device_voices" USING btree ("tenant_id","duration_ms");--> statement-breakpoint
CREATE INDEX "device_voices_tenant_created_idx" ON "device_voices" USING btree ("tenant_id","created_at");