ALTER TABLE "products" ADD COLUMN "strict_framing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "jt808_auth_required" boolean DEFAULT true NOT NULL;