CREATE TABLE "cameras" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"imei" text,
	"location" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cameras_tenant_idx" ON "cameras" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "cameras_tenant_name_idx" ON "cameras" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "cameras_tenant_state_idx" ON "cameras" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "cameras_tenant_enabled_idx" ON "cameras" USING btree ("tenant_id","enabled");