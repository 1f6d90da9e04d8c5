CREATE TABLE "forward_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"secret" text,
	"exchange" text DEFAULT 'console.events' NOT NULL,
	"routing_key" text DEFAULT '{tenantId}.{type}' NOT NULL,
	"topic_prefix" text DEFAULT 'console/{tenantId}/' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position_every_sec" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forward_targets" ADD CONSTRAINT "forward_targets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forward_targets_name_trgm_idx" ON "forward_targets" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forward_targets_tenant_id_idx" ON "forward_targets" USING btree ("tenant_id","id");