CREATE TABLE "report_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"error" text,
	"claimed_by" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"file_key" text,
	"file_name" text,
	"bytes" integer,
	"message" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"frequency" text NOT NULL,
	"time" text,
	"weekday" smallint,
	"monthday" smallint,
	"cron" text,
	"recipients" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_schedule_idx" ON "report_runs" USING btree ("tenant_id","schedule_id","id");--> statement-breakpoint
CREATE INDEX "report_runs_queue_idx" ON "report_runs" USING btree ("state","next_attempt_at","id");--> statement-breakpoint
CREATE INDEX "report_schedules_name_trgm_idx" ON "report_schedules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_id_idx" ON "report_schedules" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_name_idx" ON "report_schedules" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_kind_idx" ON "report_schedules" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_frequency_idx" ON "report_schedules" USING btree ("tenant_id","frequency","id");--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_enabled_idx" ON "report_schedules" USING btree ("tenant_id","enabled","id");--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_next_idx" ON "report_schedules" USING btree ("tenant_id","next_run_at","id");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at");