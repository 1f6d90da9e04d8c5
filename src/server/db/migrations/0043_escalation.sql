CREATE TABLE "alarm_escalations" (
	"alarm_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"policy_id" integer,
	"policy_name" text,
	"steps" jsonb NOT NULL,
	"next_step" smallint DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone,
	"state" smallint DEFAULT 0 NOT NULL,
	"raised_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"target_name" text,
	"user_ids" jsonb,
	"state" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "escalation_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"alarm_type" smallint,
	"from_time" text,
	"to_time" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escalation_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"delay_seconds" integer NOT NULL,
	"target" text NOT NULL,
	"user_id" integer,
	"role_id" integer,
	"address" text,
	"via_console" boolean DEFAULT false NOT NULL,
	"via_sms" boolean DEFAULT false NOT NULL,
	"via_voice" boolean DEFAULT false NOT NULL,
	"via_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_records" ADD COLUMN "acked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_records" ADD COLUMN "acked_by" integer;--> statement-breakpoint
ALTER TABLE "alarm_records" ADD COLUMN "acked_by_name" text;--> statement-breakpoint
ALTER TABLE "alarm_escalations" ADD CONSTRAINT "alarm_escalations_alarm_id_alarm_records_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_escalations" ADD CONSTRAINT "alarm_escalations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_alarm_id_alarm_records_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_policies" ADD CONSTRAINT "escalation_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD CONSTRAINT "escalation_steps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD CONSTRAINT "escalation_steps_policy_id_escalation_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."escalation_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD CONSTRAINT "escalation_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD CONSTRAINT "escalation_steps_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_escalations_due_idx" ON "alarm_escalations" USING btree ("due_at") WHERE "alarm_escalations"."state" = 0;--> statement-breakpoint
CREATE INDEX "alarm_escalations_tenant_idx" ON "alarm_escalations" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "alarm_notifications_alarm_idx" ON "alarm_notifications" USING btree ("alarm_id","id");--> statement-breakpoint
CREATE INDEX "alarm_notifications_pending_idx" ON "alarm_notifications" USING btree ("created_at") WHERE "alarm_notifications"."state" = 0;--> statement-breakpoint
CREATE INDEX "escalation_policies_name_trgm_idx" ON "escalation_policies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "escalation_policies_tenant_id_idx" ON "escalation_policies" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "escalation_policies_tenant_name_idx" ON "escalation_policies" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "escalation_policies_tenant_type_idx" ON "escalation_policies" USING btree ("tenant_id","alarm_type","id");--> statement-breakpoint
CREATE INDEX "escalation_steps_tenant_delay_idx" ON "escalation_steps" USING btree ("tenant_id","delay_seconds","id");--> statement-breakpoint
CREATE INDEX "escalation_steps_policy_idx" ON "escalation_steps" USING btree ("tenant_id","policy_id","delay_seconds","id");--> statement-breakpoint
CREATE INDEX "escalation_steps_tenant_target_idx" ON "escalation_steps" USING btree ("tenant_id","target","id");