CREATE TABLE "cell_towers" (
	"id" serial PRIMARY KEY NOT NULL,
	"radio" text NOT NULL,
	"mcc" integer NOT NULL,
	"net" integer NOT NULL,
	"area" bigint NOT NULL,
	"cell" bigint NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"range" integer NOT NULL,
	"samples" integer,
	"updated" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cell_towers_key_uq" ON "cell_towers" USING btree ("mcc","net","area","cell");