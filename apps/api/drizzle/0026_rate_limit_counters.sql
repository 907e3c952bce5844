CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_key_ends_at_pk" PRIMARY KEY("key","ends_at")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_ends_at_idx" ON "rate_limit_counters" USING btree ("ends_at");
