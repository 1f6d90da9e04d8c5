CREATE TABLE "reading_rollups" (
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"metric" text NOT NULL,
	"grain" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "reading_rollups_device_id_metric_grain_bucket_pk" PRIMARY KEY("device_id","metric","grain","bucket")
);
--> statement-breakpoint
ALTER TABLE "reading_rollups" ADD CONSTRAINT "reading_rollups_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_rollups_tenant_idx" ON "reading_rollups" USING btree ("tenant_id","metric","grain","bucket");--> statement-breakpoint
-- Readings stored before rollups existed, bucketed in the default TIME_ZONE.
INSERT INTO "reading_rollups" ("device_id", "tenant_id", "metric", "grain", "bucket", "n", "sum", "min", "max")
SELECT r."device_id", r."tenant_id", kv.key, g.grain, date_trunc(g.unit, r."ts", 'Asia/Shanghai'), count(*), sum(kv.value::text::float8), min(kv.value::text::float8), max(kv.value::text::float8)
FROM "device_readings" r
CROSS JOIN LATERAL jsonb_each(r."values") kv
CROSS JOIN (VALUES (1, 'minute'), (2, 'hour'), (3, 'day')) AS g(grain, unit)
WHERE jsonb_typeof(kv.value) = 'number'
GROUP BY 1, 2, 3, 4, 5;
