CREATE TABLE "auth_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_audit_at_idx" ON "auth_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "auth_audit_account_idx" ON "auth_audit" USING btree ("account","at");