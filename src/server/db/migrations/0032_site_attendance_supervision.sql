CREATE TABLE "announcement_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"scope" smallint DEFAULT 1 NOT NULL,
	"department_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"role_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"need_approval" smallint DEFAULT 2 NOT NULL,
	"approval_node_id" integer,
	"approval_id" integer,
	"state" smallint DEFAULT 1 NOT NULL,
	"publish_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"publisher_id" integer,
	"publisher_name" text,
	"reviewer_name" text,
	"review_comment" text,
	"reviewed_at" timestamp with time zone,
	"device_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "annual_inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"inspector" text NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"remind_days" integer DEFAULT 7 NOT NULL,
	"reminded_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"approval_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"approver_id" integer,
	"result" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"node_id" integer,
	"title" text NOT NULL,
	"applicant_id" integer,
	"levels" jsonb NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"comment" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_node_approvers" (
	"tenant_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "approval_node_approvers_node_id_level_user_id_pk" PRIMARY KEY("node_id","level","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_punches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" smallint NOT NULL,
	"imei" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" integer,
	"rule_id" integer,
	"day" date NOT NULL,
	"am_at_state" smallint,
	"am_end_state" smallint,
	"pm_at_state" smallint,
	"pm_end_state" smallint,
	"evening_at_state" smallint,
	"evening_end_state" smallint,
	"status" smallint NOT NULL,
	"late" smallint DEFAULT 0 NOT NULL,
	"early" smallint DEFAULT 0 NOT NULL,
	"absent" smallint DEFAULT 0 NOT NULL,
	"leave" smallint DEFAULT 0 NOT NULL,
	"first_punch" timestamp with time zone,
	"last_punch" timestamp with time zone,
	"punches" smallint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"punch_count" smallint DEFAULT 4 NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"am_start" text,
	"am_late" text,
	"am_end" text,
	"noon_cutoff" text,
	"pm_start" text,
	"pm_late" text,
	"pm_end" text,
	"evening_start" text,
	"evening_late" text,
	"evening_end" text,
	"holidays" text DEFAULT '' NOT NULL,
	"department_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duty_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"duty_date" timestamp with time zone NOT NULL,
	"area" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"user_id" integer NOT NULL,
	"situation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"node_id" integer,
	"state" smallint DEFAULT 1 NOT NULL,
	"approval_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitored_person_check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"day" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" smallint NOT NULL,
	"user_id" integer,
	"lat" double precision,
	"lon" double precision
);
--> statement-breakpoint
CREATE TABLE "monitored_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"gender" smallint,
	"phone" text,
	"email" text,
	"id_number" text,
	"height" integer,
	"weight" double precision,
	"birth_date" text,
	"native_place" text,
	"nationality" text,
	"supervisor_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"crime_type" smallint NOT NULL,
	"reason" text,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"emergency_name" text,
	"emergency_phone" text,
	"emergency_address" text,
	"device_id" integer,
	"fence_id" integer,
	"check_in_start" text DEFAULT '08:00' NOT NULL,
	"check_in_end" text DEFAULT '20:00' NOT NULL,
	"last_check_in_day" text,
	"last_check_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_batch_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"qa" smallint DEFAULT 0 NOT NULL,
	"qa_note" text,
	"qa_by" text,
	"qa_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"product_id" integer NOT NULL,
	"quantity_planned" integer NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"post_id" integer,
	"department_id" integer,
	"id_number" text,
	"certificate_no" text,
	"entry_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"department_id" integer,
	"duties" text,
	"headcount" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"location" text,
	"stock_kg" integer DEFAULT 0 NOT NULL,
	"used_kg" integer DEFAULT 0 NOT NULL,
	"unqualified_kg" integer DEFAULT 0 NOT NULL,
	"stock" double precision GENERATED ALWAYS AS ("stock_kg"::float8 / 1000) STORED,
	"used" double precision GENERATED ALWAYS AS ("used_kg"::float8 / 1000) STORED,
	"unqualified" double precision GENERATED ALWAYS AS ("unqualified_kg"::float8 / 1000) STORED,
	"remaining" double precision GENERATED ALWAYS AS (("stock_kg" - "used_kg" - "unqualified_kg")::float8 / 1000) STORED,
	"alert_below" double precision DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_items_figures_nonnegative" CHECK ("warehouse_items"."stock_kg" >= 0 and "warehouse_items"."used_kg" >= 0 and "warehouse_items"."unqualified_kg" >= 0),
	CONSTRAINT "warehouse_items_remaining_nonnegative" CHECK ("warehouse_items"."stock_kg" - "warehouse_items"."used_kg" - "warehouse_items"."unqualified_kg" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouse_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity_kg" integer NOT NULL,
	"remaining_kg_after" integer NOT NULL,
	"note" text,
	"operator_id" integer,
	"operator_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"log_date" date NOT NULL,
	"author_id" integer,
	"work_plan_id" integer,
	"weather" smallint,
	"content" text NOT NULL,
	"image1" text,
	"image2" text,
	"image3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"superior_id" integer,
	"start_date" date NOT NULL,
	"period_days" integer NOT NULL,
	"end_date" date NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_inspections" ADD CONSTRAINT "annual_inspections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_node_id_approval_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."approval_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_node_approvers" ADD CONSTRAINT "approval_node_approvers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_node_approvers" ADD CONSTRAINT "approval_node_approvers_node_id_approval_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."approval_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_node_approvers" ADD CONSTRAINT "approval_node_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_nodes" ADD CONSTRAINT "approval_nodes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_rule_id_attendance_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."attendance_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_rules" ADD CONSTRAINT "attendance_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_records" ADD CONSTRAINT "duty_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_records" ADD CONSTRAINT "duty_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_node_id_approval_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."approval_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_person_check_ins" ADD CONSTRAINT "monitored_person_check_ins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_person_check_ins" ADD CONSTRAINT "monitored_person_check_ins_person_id_monitored_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."monitored_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_person_check_ins" ADD CONSTRAINT "monitored_person_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_persons" ADD CONSTRAINT "monitored_persons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_persons" ADD CONSTRAINT "monitored_persons_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_persons" ADD CONSTRAINT "monitored_persons_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_persons" ADD CONSTRAINT "monitored_persons_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_batch_records" ADD CONSTRAINT "production_batch_records_batch_id_production_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."production_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_batch_records" ADD CONSTRAINT "production_batch_records_record_id_production_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."production_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_batches" ADD CONSTRAINT "production_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_managers" ADD CONSTRAINT "site_managers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_managers" ADD CONSTRAINT "site_managers_post_id_site_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."site_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_managers" ADD CONSTRAINT "site_managers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_posts" ADD CONSTRAINT "site_posts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_posts" ADD CONSTRAINT "site_posts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_items" ADD CONSTRAINT "warehouse_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_item_id_warehouse_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."warehouse_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_movements" ADD CONSTRAINT "warehouse_movements_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_work_plan_id_work_plans_id_fk" FOREIGN KEY ("work_plan_id") REFERENCES "public"."work_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plans" ADD CONSTRAINT "work_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plans" ADD CONSTRAINT "work_plans_parent_id_work_plans_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."work_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plans" ADD CONSTRAINT "work_plans_superior_id_users_id_fk" FOREIGN KEY ("superior_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_recipients_uq" ON "announcement_recipients" USING btree ("announcement_id","user_id");--> statement-breakpoint
CREATE INDEX "announcement_recipients_user_idx" ON "announcement_recipients" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE INDEX "announcement_recipients_tenant_idx" ON "announcement_recipients" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "announcements_tenant_idx" ON "announcements" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "announcements_tenant_title_idx" ON "announcements" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "announcements_tenant_level_idx" ON "announcements" USING btree ("tenant_id","level","id");--> statement-breakpoint
CREATE INDEX "announcements_tenant_scope_idx" ON "announcements" USING btree ("tenant_id","scope");--> statement-breakpoint
CREATE INDEX "announcements_tenant_need_idx" ON "announcements" USING btree ("tenant_id","need_approval");--> statement-breakpoint
CREATE INDEX "announcements_tenant_state_idx" ON "announcements" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "announcements_tenant_publish_idx" ON "announcements" USING btree ("tenant_id","publish_at");--> statement-breakpoint
CREATE INDEX "announcements_tenant_created_idx" ON "announcements" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "announcements_due_idx" ON "announcements" USING btree ("state","publish_at");--> statement-breakpoint
CREATE INDEX "announcements_approval_idx" ON "announcements" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "annual_inspections_tenant_id_idx" ON "annual_inspections" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "annual_inspections_tenant_name_idx" ON "annual_inspections" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "annual_inspections_tenant_inspected_idx" ON "annual_inspections" USING btree ("tenant_id","inspected_at");--> statement-breakpoint
CREATE INDEX "annual_inspections_tenant_next_idx" ON "annual_inspections" USING btree ("tenant_id","next_at");--> statement-breakpoint
CREATE INDEX "annual_inspections_tenant_created_idx" ON "annual_inspections" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "annual_inspections_unreminded_idx" ON "annual_inspections" USING btree ("next_at") WHERE "annual_inspections"."reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_steps_level_uq" ON "approval_steps" USING btree ("approval_id","level");--> statement-breakpoint
CREATE INDEX "approval_steps_approver_idx" ON "approval_steps" USING btree ("approver_id");--> statement-breakpoint
CREATE INDEX "approvals_tenant_id_idx" ON "approvals" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "approvals_tenant_state_idx" ON "approvals" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "approvals_tenant_kind_idx" ON "approvals" USING btree ("tenant_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "approvals_tenant_title_idx" ON "approvals" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "approvals_tenant_decided_idx" ON "approvals" USING btree ("tenant_id","decided_at");--> statement-breakpoint
CREATE INDEX "approvals_tenant_applicant_idx" ON "approvals" USING btree ("tenant_id","applicant_id");--> statement-breakpoint
CREATE INDEX "approvals_tenant_node_idx" ON "approvals" USING btree ("tenant_id","node_id");--> statement-breakpoint
CREATE INDEX "approval_node_approvers_user_idx" ON "approval_node_approvers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "approval_nodes_tenant_id_idx" ON "approval_nodes" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "approval_nodes_tenant_name_idx" ON "approval_nodes" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "attendance_punches_tenant_at_idx" ON "attendance_punches" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "attendance_punches_tenant_user_at_idx" ON "attendance_punches" USING btree ("tenant_id","user_id","at");--> statement-breakpoint
CREATE INDEX "attendance_punches_tenant_source_idx" ON "attendance_punches" USING btree ("tenant_id","source","at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_records_user_day_uq" ON "attendance_records" USING btree ("tenant_id","user_id","day");--> statement-breakpoint
CREATE INDEX "attendance_records_tenant_day_idx" ON "attendance_records" USING btree ("tenant_id","day","id");--> statement-breakpoint
CREATE INDEX "attendance_records_tenant_dept_day_idx" ON "attendance_records" USING btree ("tenant_id","department_id","day");--> statement-breakpoint
CREATE INDEX "attendance_records_tenant_status_day_idx" ON "attendance_records" USING btree ("tenant_id","status","day");--> statement-breakpoint
CREATE INDEX "attendance_records_tenant_rule_idx" ON "attendance_records" USING btree ("tenant_id","rule_id");--> statement-breakpoint
CREATE INDEX "attendance_rules_tenant_idx" ON "attendance_rules" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "attendance_rules_tenant_name_idx" ON "attendance_rules" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "attendance_rules_tenant_type_idx" ON "attendance_rules" USING btree ("tenant_id","type","id");--> statement-breakpoint
CREATE INDEX "attendance_rules_tenant_punch_idx" ON "attendance_rules" USING btree ("tenant_id","punch_count","id");--> statement-breakpoint
CREATE INDEX "duty_records_tenant_id_idx" ON "duty_records" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "duty_records_tenant_date_idx" ON "duty_records" USING btree ("tenant_id","duty_date");--> statement-breakpoint
CREATE INDEX "duty_records_tenant_area_idx" ON "duty_records" USING btree ("tenant_id","area");--> statement-breakpoint
CREATE INDEX "duty_records_tenant_user_date_idx" ON "duty_records" USING btree ("tenant_id","user_id","duty_date");--> statement-breakpoint
CREATE INDEX "duty_records_tenant_created_idx" ON "duty_records" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "leave_requests_tenant_id_idx" ON "leave_requests" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "leave_requests_tenant_user_idx" ON "leave_requests" USING btree ("tenant_id","user_id","start_at");--> statement-breakpoint
CREATE INDEX "leave_requests_tenant_type_idx" ON "leave_requests" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "leave_requests_tenant_state_idx" ON "leave_requests" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "leave_requests_tenant_start_idx" ON "leave_requests" USING btree ("tenant_id","start_at");--> statement-breakpoint
CREATE INDEX "leave_requests_tenant_end_idx" ON "leave_requests" USING btree ("tenant_id","end_at");--> statement-breakpoint
CREATE INDEX "leave_requests_tenant_node_idx" ON "leave_requests" USING btree ("tenant_id","node_id");--> statement-breakpoint
CREATE INDEX "monitored_person_check_ins_person_idx" ON "monitored_person_check_ins" USING btree ("person_id","at");--> statement-breakpoint
CREATE INDEX "monitored_person_check_ins_tenant_day_idx" ON "monitored_person_check_ins" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_id_idx" ON "monitored_persons" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_name_idx" ON "monitored_persons" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_level_idx" ON "monitored_persons" USING btree ("tenant_id","level","id");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_gender_idx" ON "monitored_persons" USING btree ("tenant_id","gender","id");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_crime_idx" ON "monitored_persons" USING btree ("tenant_id","crime_type","id");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_supervisor_idx" ON "monitored_persons" USING btree ("tenant_id","supervisor_id","id");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_start_idx" ON "monitored_persons" USING btree ("tenant_id","start_date");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_end_idx" ON "monitored_persons" USING btree ("tenant_id","end_date");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_created_idx" ON "monitored_persons" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "monitored_persons_tenant_fence_idx" ON "monitored_persons" USING btree ("tenant_id","fence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_persons_device_idx" ON "monitored_persons" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "production_batch_records_record_uq" ON "production_batch_records" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "production_batch_records_batch_idx" ON "production_batch_records" USING btree ("batch_id","qa");--> statement-breakpoint
CREATE UNIQUE INDEX "production_batches_batch_no_uq" ON "production_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "production_batches_product_idx" ON "production_batches" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "production_batches_state_idx" ON "production_batches" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "production_batches_planned_idx" ON "production_batches" USING btree ("quantity_planned");--> statement-breakpoint
CREATE INDEX "production_batches_created_idx" ON "production_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "site_managers_tenant_id_idx" ON "site_managers" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "site_managers_tenant_name_idx" ON "site_managers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "site_managers_tenant_post_idx" ON "site_managers" USING btree ("tenant_id","post_id");--> statement-breakpoint
CREATE INDEX "site_managers_tenant_department_idx" ON "site_managers" USING btree ("tenant_id","department_id");--> statement-breakpoint
CREATE INDEX "site_managers_tenant_certificate_idx" ON "site_managers" USING btree ("tenant_id","certificate_no");--> statement-breakpoint
CREATE INDEX "site_managers_tenant_entry_idx" ON "site_managers" USING btree ("tenant_id","entry_date");--> statement-breakpoint
CREATE INDEX "site_managers_tenant_status_idx" ON "site_managers" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "site_managers_tenant_created_idx" ON "site_managers" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "site_posts_tenant_id_idx" ON "site_posts" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "site_posts_tenant_name_idx" ON "site_posts" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "site_posts_tenant_department_idx" ON "site_posts" USING btree ("tenant_id","department_id");--> statement-breakpoint
CREATE INDEX "site_posts_tenant_headcount_idx" ON "site_posts" USING btree ("tenant_id","headcount");--> statement-breakpoint
CREATE INDEX "site_posts_tenant_created_idx" ON "site_posts" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "warehouse_items_tenant_id_idx" ON "warehouse_items" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "warehouse_items_tenant_name_idx" ON "warehouse_items" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "warehouse_items_tenant_category_idx" ON "warehouse_items" USING btree ("tenant_id","category");--> statement-breakpoint
CREATE INDEX "warehouse_items_tenant_stock_idx" ON "warehouse_items" USING btree ("tenant_id","stock");--> statement-breakpoint
CREATE INDEX "warehouse_items_tenant_used_idx" ON "warehouse_items" USING btree ("tenant_id","used");--> statement-breakpoint
CREATE INDEX "warehouse_items_tenant_unqualified_idx" ON "warehouse_items" USING btree ("tenant_id","unqualified");--> statement-breakpoint
CREATE INDEX "warehouse_items_tenant_remaining_idx" ON "warehouse_items" USING btree ("tenant_id","remaining");--> statement-breakpoint
CREATE INDEX "warehouse_items_tenant_created_idx" ON "warehouse_items" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "warehouse_movements_tenant_item_idx" ON "warehouse_movements" USING btree ("tenant_id","item_id","id");--> statement-breakpoint
CREATE INDEX "work_logs_tenant_id_idx" ON "work_logs" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "work_logs_tenant_date_idx" ON "work_logs" USING btree ("tenant_id","log_date");--> statement-breakpoint
CREATE INDEX "work_logs_tenant_plan_idx" ON "work_logs" USING btree ("tenant_id","work_plan_id","log_date");--> statement-breakpoint
CREATE INDEX "work_logs_tenant_author_idx" ON "work_logs" USING btree ("tenant_id","author_id");--> statement-breakpoint
CREATE INDEX "work_logs_tenant_weather_idx" ON "work_logs" USING btree ("tenant_id","weather");--> statement-breakpoint
CREATE INDEX "work_logs_tenant_created_idx" ON "work_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "work_logs_plan_idx" ON "work_logs" USING btree ("work_plan_id");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_id_idx" ON "work_plans" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_start_idx" ON "work_plans" USING btree ("tenant_id","start_date");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_end_idx" ON "work_plans" USING btree ("tenant_id","end_date");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_name_idx" ON "work_plans" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_parent_idx" ON "work_plans" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_superior_idx" ON "work_plans" USING btree ("tenant_id","superior_id");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_state_idx" ON "work_plans" USING btree ("tenant_id","state","end_date");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_period_idx" ON "work_plans" USING btree ("tenant_id","period_days");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_progress_idx" ON "work_plans" USING btree ("tenant_id","progress");--> statement-breakpoint
CREATE INDEX "work_plans_tenant_created_idx" ON "work_plans" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "work_plans_parent_idx" ON "work_plans" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_skus_tenant_status_idx" ON "product_skus" USING btree ("tenant_id","status","id");