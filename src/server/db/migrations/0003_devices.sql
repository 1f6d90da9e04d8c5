CREATE TABLE "device_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"from_tenant_id" integer,
	"device_id" integer,
	"imei" text NOT NULL,
	"action" smallint NOT NULL,
	"operator_id" integer,
	"operator_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"kind" text,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"imei" text NOT NULL,
	"cmd" text NOT NULL,
	"params" text DEFAULT '{}' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"ack_ok" boolean,
	"ack_msg" text,
	"ack_at" timestamp with time zone,
	"operator_id" integer,
	"operator_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"value" double precision,
	"data" jsonb,
	"msg_id" text
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_locations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"alt" double precision,
	"speed" double precision,
	"heading" double precision,
	"accuracy" double precision,
	"source" text DEFAULT 'gps' NOT NULL,
	"x" double precision,
	"y" double precision,
	"z" double precision,
	"floor" text,
	"msg_id" text
);
--> statement-breakpoint
CREATE TABLE "device_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"msg_id" text
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"imei" text NOT NULL,
	"name" text,
	"number" text,
	"kind" text NOT NULL,
	"product_id" integer,
	"category_id" integer,
	"group_id" integer,
	"model" text,
	"style" text,
	"imsi" text,
	"iccid" text,
	"state" smallint DEFAULT 2 NOT NULL,
	"battery" smallint,
	"signal" smallint,
	"mains_power" smallint,
	"stock_state" smallint DEFAULT 0 NOT NULL,
	"person_name" text,
	"person_phone" text,
	"department_id" integer,
	"user_id" integer,
	"install_location" text,
	"indoor_image" text,
	"app_version" text,
	"system_version" text,
	"supplier" text,
	"manufacturer_id" text,
	"operator" text,
	"net_type" text,
	"message_type" text DEFAULT 'json' NOT NULL,
	"transparent" boolean DEFAULT false NOT NULL,
	"power_saving" boolean DEFAULT false NOT NULL,
	"sku" text,
	"last_communication_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"stock_in_at" timestamp with time zone,
	"lat" double precision,
	"lon" double precision,
	"located_at" timestamp with time zone,
	"last_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb,
	"settings_version" integer DEFAULT 0 NOT NULL,
	"settings_acked_version" integer DEFAULT 0 NOT NULL,
	"secret_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"imei" text NOT NULL,
	"product_id" integer,
	"kind" text NOT NULL,
	"model" text,
	"colour" text,
	"serial" text,
	"card_number" text,
	"iccid" text,
	"manufacturer" text,
	"qa_person" text,
	"sales_mode" text,
	"agent" text,
	"production_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"header" text,
	"image" text,
	"note" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_allocations" ADD CONSTRAINT "device_allocations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_allocations" ADD CONSTRAINT "device_allocations_from_tenant_id_tenants_id_fk" FOREIGN KEY ("from_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_allocations" ADD CONSTRAINT "device_allocations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_allocations" ADD CONSTRAINT "device_allocations_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_locations" ADD CONSTRAINT "device_locations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_readings" ADD CONSTRAINT "device_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_category_id_device_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."device_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_allocations_tenant_idx" ON "device_allocations" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "device_allocations_from_idx" ON "device_allocations" USING btree ("from_tenant_id");--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "device_commands_tenant_idx" ON "device_commands" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "device_events_device_ts_idx" ON "device_events" USING btree ("device_id","ts");--> statement-breakpoint
CREATE INDEX "device_events_tenant_ts_idx" ON "device_events" USING btree ("tenant_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "device_events_msg_uq" ON "device_events" USING btree ("device_id","msg_id");--> statement-breakpoint
CREATE INDEX "device_groups_tenant_idx" ON "device_groups" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "device_locations_device_ts_idx" ON "device_locations" USING btree ("device_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "device_locations_msg_uq" ON "device_locations" USING btree ("device_id","msg_id");--> statement-breakpoint
CREATE INDEX "device_readings_device_ts_idx" ON "device_readings" USING btree ("device_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "device_readings_msg_uq" ON "device_readings" USING btree ("device_id","msg_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_imei_uq" ON "devices" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "devices_tenant_id_idx" ON "devices" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "devices_tenant_state_idx" ON "devices" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "devices_tenant_kind_idx" ON "devices" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "devices_tenant_comm_idx" ON "devices" USING btree ("tenant_id","last_communication_at");--> statement-breakpoint
CREATE INDEX "devices_online_comm_idx" ON "devices" USING btree ("last_communication_at") WHERE "devices"."state" = 1;--> statement-breakpoint
CREATE INDEX "production_records_imei_idx" ON "production_records" USING btree ("imei");--> statement-breakpoint
-- The device list's IMEI / name searches use trigram indexes where pg_trgm exists (see 0002).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS devices_imei_trgm_idx ON devices USING gin (imei gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS devices_name_trgm_idx ON devices USING gin (name gin_trgm_ops);
  END IF;
END $$;
