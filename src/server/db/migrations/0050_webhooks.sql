CREATE TABLE "integration_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"retry_until" timestamp with time zone NOT NULL,
	"last_status" integer,
	"last_duration_ms" integer,
	"last_excerpt" text,
	"last_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position_every_sec" integer DEFAULT 60 NOT NULL,
	"secret" text NOT NULL,
	"secret_hint" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_outbox" ADD CONSTRAINT "integration_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_outbox_event_uq" ON "integration_outbox" USING btree ("target_kind","target_id","event_id");--> statement-breakpoint
CREATE INDEX "integration_outbox_due_idx" ON "integration_outbox" USING btree ("target_kind","next_at","id") WHERE state = 0;--> statement-breakpoint
CREATE INDEX "integration_outbox_target_idx" ON "integration_outbox" USING btree ("target_kind","target_id","id");--> statement-breakpoint
CREATE INDEX "integration_outbox_tenant_idx" ON "integration_outbox" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "webhooks_name_trgm_idx" ON "webhooks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "webhooks_tenant_id_idx" ON "webhooks" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "webhooks_tenant_name_idx" ON "webhooks" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "webhooks_tenant_enabled_idx" ON "webhooks" USING btree ("tenant_id","enabled","id");