CREATE TABLE "photos" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_size_is_bytes" CHECK ("photos"."size" = octet_length("photos"."bytes"))
);
