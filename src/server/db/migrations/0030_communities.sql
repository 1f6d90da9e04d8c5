CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"province" text,
	"city" text,
	"district" text,
	"address" text,
	"area" double precision,
	"building_count" integer DEFAULT 0 NOT NULL,
	"unit_count" integer DEFAULT 0 NOT NULL,
	"floor_count" integer DEFAULT 0 NOT NULL,
	"room_count" integer DEFAULT 0 NOT NULL,
	"naming_rule" text,
	"electricity_rate" double precision,
	"water_rate" double precision,
	"property_company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"contact" text,
	"phone" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_staff_communities" (
	"tenant_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	CONSTRAINT "property_staff_communities_staff_id_community_id_pk" PRIMARY KEY("staff_id","community_id")
);
--> statement-breakpoint
CREATE TABLE "property_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"property_company_id" integer,
	"name" text NOT NULL,
	"phone" text,
	"post" text,
	"on_duty" boolean DEFAULT false NOT NULL,
	"duty_start" text,
	"duty_end" text,
	"receive_door_calls" boolean DEFAULT true NOT NULL,
	"receive_sos" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"floor" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"area" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_door_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"floor_count" integer DEFAULT 0 NOT NULL,
	"electricity_rate" double precision,
	"water_rate" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_property_company_id_property_companies_id_fk" FOREIGN KEY ("property_company_id") REFERENCES "public"."property_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_companies" ADD CONSTRAINT "property_companies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff_communities" ADD CONSTRAINT "property_staff_communities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff_communities" ADD CONSTRAINT "property_staff_communities_staff_id_property_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."property_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff_communities" ADD CONSTRAINT "property_staff_communities_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff" ADD CONSTRAINT "property_staff_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff" ADD CONSTRAINT "property_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff" ADD CONSTRAINT "property_staff_property_company_id_property_companies_id_fk" FOREIGN KEY ("property_company_id") REFERENCES "public"."property_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_door_units" ADD CONSTRAINT "unit_door_units_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_door_units" ADD CONSTRAINT "unit_door_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_door_units" ADD CONSTRAINT "unit_door_units_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_door_units" ADD CONSTRAINT "unit_door_units_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_community_number_uq" ON "buildings" USING btree ("community_id","number");--> statement-breakpoint
CREATE INDEX "buildings_tenant_id_idx" ON "buildings" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "buildings_tenant_number_idx" ON "buildings" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "buildings_tenant_community_idx" ON "buildings" USING btree ("tenant_id","community_id","number");--> statement-breakpoint
CREATE INDEX "buildings_tenant_name_idx" ON "buildings" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "communities_tenant_id_idx" ON "communities" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "communities_tenant_name_idx" ON "communities" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "communities_tenant_province_idx" ON "communities" USING btree ("tenant_id","province");--> statement-breakpoint
CREATE INDEX "communities_tenant_company_idx" ON "communities" USING btree ("tenant_id","property_company_id");--> statement-breakpoint
CREATE INDEX "property_companies_tenant_id_idx" ON "property_companies" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "property_companies_tenant_name_idx" ON "property_companies" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "property_staff_communities_community_idx" ON "property_staff_communities" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "property_staff_tenant_id_idx" ON "property_staff" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "property_staff_tenant_name_idx" ON "property_staff" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "property_staff_tenant_user_idx" ON "property_staff" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_unit_floor_number_uq" ON "rooms" USING btree ("unit_id","floor","number");--> statement-breakpoint
CREATE INDEX "rooms_tenant_id_idx" ON "rooms" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "rooms_tenant_community_idx" ON "rooms" USING btree ("tenant_id","community_id","id");--> statement-breakpoint
CREATE INDEX "rooms_tenant_building_idx" ON "rooms" USING btree ("tenant_id","building_id","id");--> statement-breakpoint
CREATE INDEX "rooms_tenant_unit_idx" ON "rooms" USING btree ("tenant_id","unit_id","id");--> statement-breakpoint
CREATE INDEX "rooms_tenant_floor_idx" ON "rooms" USING btree ("tenant_id","floor");--> statement-breakpoint
CREATE INDEX "rooms_tenant_name_idx" ON "rooms" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_door_units_device_uq" ON "unit_door_units" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "unit_door_units_unit_idx" ON "unit_door_units" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "unit_door_units_tenant_community_idx" ON "unit_door_units" USING btree ("tenant_id","community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_building_number_uq" ON "units" USING btree ("building_id","number");--> statement-breakpoint
CREATE INDEX "units_tenant_id_idx" ON "units" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "units_tenant_community_idx" ON "units" USING btree ("tenant_id","community_id","id");--> statement-breakpoint
CREATE INDEX "units_tenant_building_idx" ON "units" USING btree ("tenant_id","building_id","number");--> statement-breakpoint
CREATE INDEX "units_tenant_number_idx" ON "units" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "units_tenant_name_idx" ON "units" USING btree ("tenant_id","name");