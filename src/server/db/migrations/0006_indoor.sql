CREATE TABLE "drawings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project" text NOT NULL,
	"customer" text,
	"building" text,
	"unit" text,
	"floor" text,
	"picture" text,
	"indoor_map_id" integer,
	"kind" text DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indoor_maps" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"address" text,
	"floor" text,
	"picture" text,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"scale" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uwb_base_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"drawing_id" integer,
	"indoor_map_id" integer,
	"code" text,
	"name" text NOT NULL,
	"floor" text,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"z" double precision DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_indoor_map_id_indoor_maps_id_fk" FOREIGN KEY ("indoor_map_id") REFERENCES "public"."indoor_maps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indoor_maps" ADD CONSTRAINT "indoor_maps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uwb_base_stations" ADD CONSTRAINT "uwb_base_stations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uwb_base_stations" ADD CONSTRAINT "uwb_base_stations_drawing_id_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."drawings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uwb_base_stations" ADD CONSTRAINT "uwb_base_stations_indoor_map_id_indoor_maps_id_fk" FOREIGN KEY ("indoor_map_id") REFERENCES "public"."indoor_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawings_tenant_idx" ON "drawings" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "indoor_maps_tenant_idx" ON "indoor_maps" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "uwb_base_stations_tenant_idx" ON "uwb_base_stations" USING btree ("tenant_id","drawing_id");--> statement-breakpoint
CREATE INDEX "uwb_base_stations_map_idx" ON "uwb_base_stations" USING btree ("indoor_map_id");