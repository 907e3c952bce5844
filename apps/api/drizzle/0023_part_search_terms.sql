CREATE TABLE "part_search_terms" (
	"term" text COLLATE "C" NOT NULL,
	"part_id" uuid NOT NULL,
	"weight" smallint NOT NULL,
	CONSTRAINT "part_search_terms_part_id_term_pk" PRIMARY KEY("part_id","term")
);
--> statement-breakpoint
-- The words of a part's search document with the best weight each carries there: 8 for brand
-- or name (A), 4 a spec (B), 2 the description (C), 1 unweighted (D).
CREATE FUNCTION part_search_terms_of(search tsvector) RETURNS TABLE (term text, weight smallint) LANGUAGE sql IMMUTABLE AS $$
  SELECT l.lexeme, (
    SELECT max(CASE w WHEN 'A' THEN 8 WHEN 'B' THEN 4 WHEN 'C' THEN 2 ELSE 1 END)
    FROM unnest(coalesce(l.weights, '{D}')) AS w
  )::smallint
  FROM unnest(search) AS l
$$;--> statement-breakpoint
CREATE FUNCTION part_search_terms_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO part_search_terms (term, part_id, weight)
  SELECT t.term, i.id, t.weight FROM inserted AS i CROSS JOIN LATERAL part_search_terms_of(i.search) AS t;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION part_search_terms_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM part_search_terms WHERE part_id = OLD.id;
  INSERT INTO part_search_terms (term, part_id, weight) SELECT t.term, NEW.id, t.weight FROM part_search_terms_of(NEW.search) AS t;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION part_search_terms_of_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM part_search_terms WHERE part_id IN (SELECT id FROM deleted);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes once per statement (a bulk load in one pass); an edit of a searched
-- column (a column list forbids a transition table) once per row, only when the document changed.
CREATE TRIGGER parts_search_terms_insert AFTER INSERT ON "parts" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION part_search_terms_of_inserted();--> statement-breakpoint
CREATE TRIGGER parts_search_terms_update AFTER UPDATE OF brand, name, description, specs ON "parts" FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION part_search_terms_of_updated();--> statement-breakpoint
CREATE TRIGGER parts_search_terms_delete AFTER DELETE ON "parts" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION part_search_terms_of_deleted();--> statement-breakpoint
INSERT INTO part_search_terms (term, part_id, weight) SELECT t.term, p.id, t.weight FROM parts AS p CROSS JOIN LATERAL part_search_terms_of(p.search) AS t;--> statement-breakpoint
CREATE INDEX "part_search_terms_term_idx" ON "part_search_terms" USING btree ("term","weight","part_id");
