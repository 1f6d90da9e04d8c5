CREATE TABLE "fence_device_states" (
	"fence_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"inside" boolean NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "fence_device_states_fence_id_device_id_pk" PRIMARY KEY("fence_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "fence_devices" (
	"fence_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "fence_devices_fence_id_device_id_pk" PRIMARY KEY("fence_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "fence_groups" (
	"fence_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "fence_groups_fence_id_group_id_pk" PRIMARY KEY("fence_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "fences" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"shape" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"radius" double precision,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"points" jsonb,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fence_device_states" ADD CONSTRAINT "fence_device_states_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_device_states" ADD CONSTRAINT "fence_device_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD CONSTRAINT "fence_devices_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD CONSTRAINT "fence_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_groups" ADD CONSTRAINT "fence_groups_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_groups" ADD CONSTRAINT "fence_groups_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fences" ADD CONSTRAINT "fences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fence_device_states_device_idx" ON "fence_device_states" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "fence_devices_device_idx" ON "fence_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "fence_groups_group_idx" ON "fence_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "fences_tenant_id_idx" ON "fences" USING btree ("tenant_id","id");