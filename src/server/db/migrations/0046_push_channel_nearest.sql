CREATE TABLE "push_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kinds" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_records" ADD COLUMN "acked_via" text;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD COLUMN "via_push" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD COLUMN "nearest_count" smallint;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD COLUMN "nearest_meters" integer;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;