CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" drop column "search";--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', brand || ' ' || name), 'A') || setweight(jsonb_to_tsvector('simple', specs, '["string", "numeric"]'), 'B') || setweight(to_tsvector('simple', description), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "parts_search_idx" ON "parts" USING gin ("search");--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a brand and a name, as the search document splits them; short ones are left
-- out (too few trigrams to tell a typo from another word).
CREATE FUNCTION part_words(brand text, name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', brand || ' ' || name))) AS w WHERE length(w) >= 3
$$;--> statement-breakpoint
CREATE FUNCTION search_words_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT part_words(brand, name) FROM inserted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT part_words(NEW.brand, NEW.name) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A bulk insert adds its words once per statement; an edit (a column list forbids a
-- transition table) once per row.
CREATE TRIGGER parts_search_words_insert AFTER INSERT ON "parts" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_words_of_inserted();--> statement-breakpoint
CREATE TRIGGER parts_search_words_update AFTER UPDATE OF brand, name ON "parts" FOR EACH ROW EXECUTE FUNCTION search_words_of_updated();--> statement-breakpoint
INSERT INTO search_words (word) SELECT DISTINCT part_words(brand, name) FROM parts ON CONFLICT DO NOTHING;
