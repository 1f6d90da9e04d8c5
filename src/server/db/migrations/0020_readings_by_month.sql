-- Readings become a table partitioned by month of ts (src/server/db/partitions.ts adds months
-- ahead and drops those past RETENTION_DAYS). Keys of a partitioned table must hold ts, so the
-- primary key is (id, ts) and the redelivery key (device_id, msg_id, ts). Rows are copied over.
ALTER TABLE "device_readings" RENAME TO "device_readings_old";--> statement-breakpoint
DROP INDEX "device_readings_device_ts_idx";--> statement-breakpoint
DROP INDEX "device_readings_msg_uq";--> statement-breakpoint
ALTER TABLE "device_readings_old" DROP CONSTRAINT "device_readings_device_id_devices_id_fk";--> statement-breakpoint
CREATE TABLE "device_readings" (
	"id" bigint DEFAULT nextval('device_readings_id_seq') NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"msg_id" text,
	CONSTRAINT "device_readings_id_ts_pk" PRIMARY KEY("id","ts")
) PARTITION BY RANGE ("ts");--> statement-breakpoint
ALTER SEQUENCE "device_readings_id_seq" OWNED BY "device_readings"."id";--> statement-breakpoint
ALTER TABLE "device_readings" ADD CONSTRAINT "device_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_readings_device_ts_idx" ON "device_readings" USING btree ("device_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "device_readings_msg_uq" ON "device_readings" USING btree ("device_id","msg_id","ts");--> statement-breakpoint
CREATE TABLE "device_readings_default" PARTITION OF "device_readings" DEFAULT;--> statement-breakpoint
-- One partition per month from the oldest stored reading (at most two years back; older rows go
-- to the default partition) to two months ahead, in UTC.
DO $$
DECLARE
	m date;
	last date := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months')::date;
BEGIN
	SELECT greatest(
		date_trunc('month', coalesce(min("ts"), now()) AT TIME ZONE 'UTC'),
		date_trunc('month', now() AT TIME ZONE 'UTC') - interval '24 months')::date
	INTO m FROM "device_readings_old";
	WHILE m <= last LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF "device_readings" FOR VALUES FROM (%L) TO (%L)',
			'device_readings_p' || to_char(m, 'YYYYMM'), m::text || ' 00:00:00+00', (m + interval '1 month')::date::text || ' 00:00:00+00');
		m := (m + interval '1 month')::date;
	END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "device_readings" ("id", "device_id", "tenant_id", "ts", "values", "msg_id")
SELECT "id", "device_id", "tenant_id", "ts", "values", "msg_id" FROM "device_readings_old";--> statement-breakpoint
DROP TABLE "device_readings_old";
