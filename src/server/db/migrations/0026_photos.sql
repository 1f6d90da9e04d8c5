CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"thumb" text,
	"source" smallint DEFAULT 0 NOT NULL,
	"imei" text,
	"reporter" text,
	"width" integer,
	"height" integer,
	"review_state" smallint DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_tenant_idx" ON "photos" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "photos_tenant_title_idx" ON "photos" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "photos_tenant_source_idx" ON "photos" USING btree ("tenant_id","source");--> statement-breakpoint
CREATE INDEX "photos_tenant_review_idx" ON "photos" USING btree ("tenant_id","review_state");--> statement-breakpoint
CREATE INDEX "photos_tenant_created_idx" ON "photos" USING btree ("tenant_id","created_at");