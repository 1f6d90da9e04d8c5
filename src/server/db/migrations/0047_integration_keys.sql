CREATE TABLE "integration_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"allowed_addresses" text,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_keys_hash_uq" ON "integration_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_keys_prefix_uq" ON "integration_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "integration_keys_user_idx" ON "integration_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "integration_keys_tenant_id_idx" ON "integration_keys" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "integration_keys_tenant_prefix_idx" ON "integration_keys" USING btree ("tenant_id","prefix","id");--> statement-breakpoint
CREATE INDEX "integration_keys_tenant_name_idx" ON "integration_keys" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "integration_keys_tenant_expires_idx" ON "integration_keys" USING btree ("tenant_id","expires_at","id");--> statement-breakpoint
CREATE INDEX "integration_keys_tenant_used_idx" ON "integration_keys" USING btree ("tenant_id","last_used_at","id");--> statement-breakpoint
CREATE INDEX "integration_keys_tenant_created_idx" ON "integration_keys" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "integration_keys_name_trgm_idx" ON "integration_keys" USING gin ("name" gin_trgm_ops);