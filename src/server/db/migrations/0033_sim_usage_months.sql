CREATE TABLE "sim_usage_months" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sim_card_id" integer NOT NULL,
	"carrier" smallint NOT NULL,
	"month" text NOT NULL,
	"data_mb" double precision DEFAULT 0 NOT NULL,
	"sms" integer DEFAULT 0 NOT NULL,
	"voice_min" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_usage_months" ADD CONSTRAINT "sim_usage_months_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_usage_months" ADD CONSTRAINT "sim_usage_months_sim_card_id_sim_cards_id_fk" FOREIGN KEY ("sim_card_id") REFERENCES "public"."sim_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sim_usage_months_card_month_uq" ON "sim_usage_months" USING btree ("sim_card_id","month");--> statement-breakpoint
CREATE INDEX "sim_usage_months_tenant_month_idx" ON "sim_usage_months" USING btree ("tenant_id","month");--> statement-breakpoint
INSERT INTO "sim_usage_months" ("tenant_id", "sim_card_id", "carrier", "month", "data_mb", "sms", "voice_min", "synced_at")
SELECT "tenant_id", "id", "carrier", "usage_month", "data_used_mb", "sms_used", "voice_used_min", coalesce("usage_synced_at", now()) FROM "sim_cards" WHERE "usage_month" IS NOT NULL;
