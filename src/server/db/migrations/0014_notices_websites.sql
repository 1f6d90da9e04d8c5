CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"site_name" text NOT NULL,
	"logo" text,
	"phone" text,
	"email" text,
	"address" text,
	"theme" text DEFAULT 'blue' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_tenant_idx" ON "notices" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "notices_tenant_title_idx" ON "notices" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_tenant_uq" ON "websites" USING btree ("tenant_id");