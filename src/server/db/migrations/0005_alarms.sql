CREATE TABLE "alarm_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer,
	"imei" text NOT NULL,
	"type" smallint NOT NULL,
	"recovered_type" smallint,
	"code2" text,
	"level" smallint NOT NULL,
	"title" text NOT NULL,
	"value" double precision,
	"threshold" double precision,
	"lat" double precision,
	"lon" double precision,
	"location" text,
	"device_name" text,
	"device_kind" text,
	"person_name" text,
	"person_phone" text,
	"department_id" integer,
	"user_id" integer,
	"data" jsonb,
	"ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read" smallint DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"handle_state" smallint DEFAULT 0 NOT NULL,
	"handler_id" integer,
	"handler_name" text,
	"handle_note" text,
	"handled_at" timestamp with time zone,
	"handle_request_id" text
);
--> statement-breakpoint
CREATE TABLE "device_alarm_conditions" (
	"device_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"tenant_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"raised" smallint DEFAULT 0 NOT NULL,
	"value" double precision,
	"threshold" double precision,
	CONSTRAINT "device_alarm_conditions_device_id_type_pk" PRIMARY KEY("device_id","type")
);
--> statement-breakpoint
CREATE TABLE "device_alarm_last" (
	"device_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	CONSTRAINT "device_alarm_last_device_id_type_pk" PRIMARY KEY("device_id","type")
);
--> statement-breakpoint
ALTER TABLE "alarm_records" ADD CONSTRAINT "alarm_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_records" ADD CONSTRAINT "alarm_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_alarm_conditions" ADD CONSTRAINT "device_alarm_conditions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_alarm_last" ADD CONSTRAINT "device_alarm_last_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_records_tenant_ts_idx" ON "alarm_records" USING btree ("tenant_id","ts","id");--> statement-breakpoint
CREATE INDEX "alarm_records_tenant_created_idx" ON "alarm_records" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "alarm_records_tenant_type_idx" ON "alarm_records" USING btree ("tenant_id","type","ts");--> statement-breakpoint
CREATE INDEX "alarm_records_unread_idx" ON "alarm_records" USING btree ("tenant_id") WHERE "alarm_records"."read" = 0;--> statement-breakpoint
CREATE INDEX "alarm_records_device_idx" ON "alarm_records" USING btree ("device_id","ts");