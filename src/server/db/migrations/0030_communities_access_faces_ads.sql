CREATE TABLE "access_card_arms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"command_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"card_no" text NOT NULL,
	"resident_id" integer NOT NULL,
	"right_id" integer,
	"device_id" integer,
	"revoked" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer,
	"imei" text NOT NULL,
	"community_id" integer,
	"unit_id" integer,
	"resident_id" integer,
	"right_id" integer,
	"method" text NOT NULL,
	"credential" text,
	"granted" boolean NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"command_id" integer,
	"credentials" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_right_devices" (
	"tenant_id" integer NOT NULL,
	"right_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "access_right_devices_right_id_device_id_pk" PRIMARY KEY("right_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "access_rights" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"subject" smallint NOT NULL,
	"resident_id" integer,
	"name" text NOT NULL,
	"phone" text,
	"community_id" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"time_window" text,
	"face_sample_ids" text,
	"qr_token" text,
	"revoked" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"imei" text NOT NULL,
	"command_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"withdraw_command_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"imei" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"duration_s" integer NOT NULL,
	"poster" text,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advertisements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"client" text NOT NULL,
	"phone" text NOT NULL,
	"video" text NOT NULL,
	"poster" text,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"size" integer,
	"fee" double precision DEFAULT 0 NOT NULL,
	"community_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"unit_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_date" text,
	"end_date" text,
	"daily_start" text,
	"daily_end" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"review_state" smallint DEFAULT 0 NOT NULL,
	"review_reason" text,
	"reviewer_name" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "face_distributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"imei" text NOT NULL,
	"command_id" integer,
	"error" text,
	"sample_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_libraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"quality_threshold" double precision DEFAULT 0.5 NOT NULL,
	"intra_threshold" double precision DEFAULT 0.6 NOT NULL,
	"inter_threshold" double precision DEFAULT 0.75 NOT NULL,
	"info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"resident_name" text NOT NULL,
	"room" text,
	"picture" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"sample_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"labels" text NOT NULL,
	"picture" text NOT NULL,
	"embedding" real[] NOT NULL,
	"quality" double precision NOT NULL,
	"warning" text,
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
CREATE TABLE "residents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"id_number" text,
	"role" smallint NOT NULL,
	"user_id" integer,
	"face_photo" text,
	"review_state" smallint DEFAULT 6 NOT NULL,
	"review_reason" text,
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
ALTER TABLE "access_card_arms" ADD CONSTRAINT "access_card_arms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_card_arms" ADD CONSTRAINT "access_card_arms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_card_arms" ADD CONSTRAINT "access_card_arms_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_card_arms" ADD CONSTRAINT "access_card_arms_card_id_access_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."access_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_cards" ADD CONSTRAINT "access_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_cards" ADD CONSTRAINT "access_cards_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_cards" ADD CONSTRAINT "access_cards_right_id_access_rights_id_fk" FOREIGN KEY ("right_id") REFERENCES "public"."access_rights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_cards" ADD CONSTRAINT "access_cards_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_pushes" ADD CONSTRAINT "access_pushes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_pushes" ADD CONSTRAINT "access_pushes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_right_devices" ADD CONSTRAINT "access_right_devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_right_devices" ADD CONSTRAINT "access_right_devices_right_id_access_rights_id_fk" FOREIGN KEY ("right_id") REFERENCES "public"."access_rights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_right_devices" ADD CONSTRAINT "access_right_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rights" ADD CONSTRAINT "access_rights_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rights" ADD CONSTRAINT "access_rights_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rights" ADD CONSTRAINT "access_rights_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD CONSTRAINT "ad_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD CONSTRAINT "ad_deliveries_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD CONSTRAINT "ad_deliveries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_plays" ADD CONSTRAINT "ad_plays_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_plays" ADD CONSTRAINT "ad_plays_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_plays" ADD CONSTRAINT "ad_plays_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_videos" ADD CONSTRAINT "ad_videos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_property_company_id_property_companies_id_fk" FOREIGN KEY ("property_company_id") REFERENCES "public"."property_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_distributions" ADD CONSTRAINT "face_distributions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_distributions" ADD CONSTRAINT "face_distributions_library_id_face_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."face_libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_distributions" ADD CONSTRAINT "face_distributions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_distributions" ADD CONSTRAINT "face_distributions_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_libraries" ADD CONSTRAINT "face_libraries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_reviews" ADD CONSTRAINT "face_reviews_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_reviews" ADD CONSTRAINT "face_reviews_library_id_face_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."face_libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_reviews" ADD CONSTRAINT "face_reviews_sample_id_face_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."face_samples"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_samples" ADD CONSTRAINT "face_samples_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_samples" ADD CONSTRAINT "face_samples_library_id_face_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."face_libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_companies" ADD CONSTRAINT "property_companies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff_communities" ADD CONSTRAINT "property_staff_communities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff_communities" ADD CONSTRAINT "property_staff_communities_staff_id_property_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."property_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff_communities" ADD CONSTRAINT "property_staff_communities_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff" ADD CONSTRAINT "property_staff_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff" ADD CONSTRAINT "property_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_staff" ADD CONSTRAINT "property_staff_property_company_id_property_companies_id_fk" FOREIGN KEY ("property_company_id") REFERENCES "public"."property_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "access_card_arms_device_idx" ON "access_card_arms" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "access_card_arms_tenant_idx" ON "access_card_arms" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_cards_tenant_card_uq" ON "access_cards" USING btree ("tenant_id","card_no");--> statement-breakpoint
CREATE INDEX "access_cards_tenant_id_idx" ON "access_cards" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "access_cards_tenant_resident_idx" ON "access_cards" USING btree ("tenant_id","resident_id");--> statement-breakpoint
CREATE INDEX "access_cards_tenant_device_idx" ON "access_cards" USING btree ("tenant_id","device_id");--> statement-breakpoint
CREATE INDEX "access_cards_tenant_revoked_idx" ON "access_cards" USING btree ("tenant_id","revoked");--> statement-breakpoint
CREATE INDEX "access_cards_tenant_created_idx" ON "access_cards" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "access_cards_right_idx" ON "access_cards" USING btree ("right_id");--> statement-breakpoint
CREATE INDEX "access_events_tenant_id_idx" ON "access_events" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "access_events_tenant_at_idx" ON "access_events" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "access_events_tenant_method_idx" ON "access_events" USING btree ("tenant_id","method","at");--> statement-breakpoint
CREATE INDEX "access_events_tenant_granted_idx" ON "access_events" USING btree ("tenant_id","granted","at");--> statement-breakpoint
CREATE INDEX "access_events_tenant_device_idx" ON "access_events" USING btree ("tenant_id","device_id","at");--> statement-breakpoint
CREATE INDEX "access_events_tenant_community_idx" ON "access_events" USING btree ("tenant_id","community_id","at");--> statement-breakpoint
CREATE INDEX "access_events_tenant_resident_idx" ON "access_events" USING btree ("tenant_id","resident_id");--> statement-breakpoint
CREATE INDEX "access_events_tenant_reason_idx" ON "access_events" USING btree ("tenant_id","reason");--> statement-breakpoint
CREATE INDEX "access_events_tenant_unit_idx" ON "access_events" USING btree ("tenant_id","unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_pushes_device_uq" ON "access_pushes" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "access_pushes_tenant_idx" ON "access_pushes" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "access_right_devices_device_idx" ON "access_right_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "access_rights_tenant_id_idx" ON "access_rights" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "access_rights_tenant_subject_idx" ON "access_rights" USING btree ("tenant_id","subject");--> statement-breakpoint
CREATE INDEX "access_rights_tenant_resident_idx" ON "access_rights" USING btree ("tenant_id","resident_id");--> statement-breakpoint
CREATE INDEX "access_rights_tenant_name_idx" ON "access_rights" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "access_rights_tenant_community_idx" ON "access_rights" USING btree ("tenant_id","community_id");--> statement-breakpoint
CREATE INDEX "access_rights_tenant_until_idx" ON "access_rights" USING btree ("tenant_id","valid_until");--> statement-breakpoint
CREATE INDEX "access_rights_tenant_revoked_idx" ON "access_rights" USING btree ("tenant_id","revoked");--> statement-breakpoint
CREATE INDEX "access_rights_tenant_created_idx" ON "access_rights" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "access_rights_qr_uq" ON "access_rights" USING btree ("qr_token");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_deliveries_ad_device_uq" ON "ad_deliveries" USING btree ("ad_id","device_id");--> statement-breakpoint
CREATE INDEX "ad_deliveries_tenant_idx" ON "ad_deliveries" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "ad_deliveries_tenant_ad_idx" ON "ad_deliveries" USING btree ("tenant_id","ad_id","id");--> statement-breakpoint
CREATE INDEX "ad_deliveries_tenant_imei_idx" ON "ad_deliveries" USING btree ("tenant_id","imei");--> statement-breakpoint
CREATE INDEX "ad_deliveries_tenant_withdrawn_idx" ON "ad_deliveries" USING btree ("tenant_id","withdrawn");--> statement-breakpoint
CREATE INDEX "ad_deliveries_device_idx" ON "ad_deliveries" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_plays_device_ad_start_uq" ON "ad_plays" USING btree ("device_id","ad_id","started_at");--> statement-breakpoint
CREATE INDEX "ad_plays_tenant_idx" ON "ad_plays" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "ad_plays_tenant_ad_idx" ON "ad_plays" USING btree ("tenant_id","ad_id","started_at");--> statement-breakpoint
CREATE INDEX "ad_plays_tenant_imei_idx" ON "ad_plays" USING btree ("tenant_id","imei","started_at");--> statement-breakpoint
CREATE INDEX "ad_plays_tenant_started_idx" ON "ad_plays" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "ad_plays_tenant_seconds_idx" ON "ad_plays" USING btree ("tenant_id","seconds");--> statement-breakpoint
CREATE INDEX "ad_plays_ad_idx" ON "ad_plays" USING btree ("ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_videos_tenant_name_uq" ON "ad_videos" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_idx" ON "advertisements" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_title_idx" ON "advertisements" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_client_idx" ON "advertisements" USING btree ("tenant_id","client");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_review_idx" ON "advertisements" USING btree ("tenant_id","review_state","id");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_status_idx" ON "advertisements" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_fee_idx" ON "advertisements" USING btree ("tenant_id","fee");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_duration_idx" ON "advertisements" USING btree ("tenant_id","duration_s");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_start_idx" ON "advertisements" USING btree ("tenant_id","start_date");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_end_idx" ON "advertisements" USING btree ("tenant_id","end_date");--> statement-breakpoint
CREATE INDEX "advertisements_tenant_created_idx" ON "advertisements" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_community_number_uq" ON "buildings" USING btree ("community_id","number");--> statement-breakpoint
CREATE INDEX "buildings_tenant_id_idx" ON "buildings" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "buildings_tenant_number_idx" ON "buildings" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "buildings_tenant_community_idx" ON "buildings" USING btree ("tenant_id","community_id","number");--> statement-breakpoint
CREATE INDEX "buildings_tenant_name_idx" ON "buildings" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "communities_tenant_id_idx" ON "communities" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "communities_tenant_name_idx" ON "communities" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "communities_tenant_province_idx" ON "communities" USING btree ("tenant_id","province");--> statement-breakpoint
CREATE INDEX "communities_tenant_company_idx" ON "communities" USING btree ("tenant_id","property_company_id");--> statement-breakpoint
CREATE INDEX "face_distributions_tenant_idx" ON "face_distributions" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "face_distributions_tenant_imei_idx" ON "face_distributions" USING btree ("tenant_id","imei");--> statement-breakpoint
CREATE INDEX "face_distributions_tenant_library_idx" ON "face_distributions" USING btree ("tenant_id","library_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "face_distributions_library_device_uq" ON "face_distributions" USING btree ("library_id","device_id");--> statement-breakpoint
CREATE INDEX "face_distributions_device_idx" ON "face_distributions" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "face_libraries_tenant_idx" ON "face_libraries" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "face_libraries_tenant_name_idx" ON "face_libraries" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "face_reviews_tenant_idx" ON "face_reviews" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "face_reviews_tenant_resident_idx" ON "face_reviews" USING btree ("tenant_id","resident_name");--> statement-breakpoint
CREATE INDEX "face_reviews_tenant_state_idx" ON "face_reviews" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "face_reviews_tenant_library_idx" ON "face_reviews" USING btree ("tenant_id","library_id","id");--> statement-breakpoint
CREATE INDEX "face_samples_tenant_idx" ON "face_samples" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "face_samples_tenant_labels_idx" ON "face_samples" USING btree ("tenant_id","labels");--> statement-breakpoint
CREATE INDEX "face_samples_tenant_library_idx" ON "face_samples" USING btree ("tenant_id","library_id","id");--> statement-breakpoint
CREATE INDEX "face_samples_tenant_quality_idx" ON "face_samples" USING btree ("tenant_id","quality");--> statement-breakpoint
CREATE INDEX "face_samples_tenant_warning_idx" ON "face_samples" USING btree ("tenant_id","warning");--> statement-breakpoint
CREATE INDEX "face_samples_library_idx" ON "face_samples" USING btree ("library_id");--> statement-breakpoint
CREATE INDEX "property_companies_tenant_id_idx" ON "property_companies" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "property_companies_tenant_name_idx" ON "property_companies" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "property_staff_communities_community_idx" ON "property_staff_communities" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "property_staff_tenant_id_idx" ON "property_staff" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "property_staff_tenant_name_idx" ON "property_staff" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "property_staff_tenant_user_idx" ON "property_staff" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "property_staff_tenant_on_duty_idx" ON "property_staff" USING btree ("tenant_id","on_duty");--> statement-breakpoint
CREATE INDEX "residents_tenant_id_idx" ON "residents" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "residents_tenant_room_idx" ON "residents" USING btree ("tenant_id","room_id");--> statement-breakpoint
CREATE INDEX "residents_tenant_community_idx" ON "residents" USING btree ("tenant_id","community_id","id");--> statement-breakpoint
CREATE INDEX "residents_tenant_review_idx" ON "residents" USING btree ("tenant_id","review_state","id");--> statement-breakpoint
CREATE INDEX "residents_tenant_name_idx" ON "residents" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "residents_tenant_phone_idx" ON "residents" USING btree ("tenant_id","phone");--> statement-breakpoint
CREATE INDEX "residents_tenant_role_idx" ON "residents" USING btree ("tenant_id","role");--> statement-breakpoint
CREATE INDEX "residents_tenant_created_idx" ON "residents" USING btree ("tenant_id","created_at");--> statement-breakpoint
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