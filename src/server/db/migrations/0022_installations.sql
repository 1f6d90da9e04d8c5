CREATE TABLE "installations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"device_kind" text NOT NULL,
	"installer" text NOT NULL,
	"installed_at" timestamp with time zone NOT NULL,
	"address" text,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"photo" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installations_tenant_id_idx" ON "installations" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "installations_tenant_at_idx" ON "installations" USING btree ("tenant_id","installed_at");--> statement-breakpoint
CREATE INDEX "installations_tenant_installer_idx" ON "installations" USING btree ("tenant_id","installer");--> statement-breakpoint
CREATE INDEX "installations_tenant_kind_idx" ON "installations" USING btree ("tenant_id","device_kind","installed_at");--> statement-breakpoint
CREATE INDEX "installations_tenant_device_idx" ON "installations" USING btree ("tenant_id","device_id");