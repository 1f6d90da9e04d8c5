CREATE TABLE "video_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"title" text,
	"imeis" text,
	"room" text,
	"duration_ms" integer,
	"size" integer,
	"type" smallint DEFAULT 2 NOT NULL,
	"bucket_name" text,
	"review_state" smallint DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_records" ADD CONSTRAINT "video_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_records_tenant_idx" ON "video_records" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "video_records_tenant_file_idx" ON "video_records" USING btree ("tenant_id","file_name");--> statement-breakpoint
CREATE INDEX "video_records_tenant_review_idx" ON "video_records" USING btree ("tenant_id","review_state");--> statement-breakpoint
CREATE INDEX "video_records_tenant_created_idx" ON "video_records" USING btree ("tenant_id","created_at");