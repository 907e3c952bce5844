CREATE TABLE "part_facet_groups" (
	"kind" text NOT NULL,
	"spec_tags" text[] NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "part_facet_groups_kind_spec_tags_pk" PRIMARY KEY("kind","spec_tags")
);
--> statement-breakpoint
CREATE TABLE "part_spec_values" (
	"kind" text NOT NULL,
	"field" text NOT NULL,
	"value" jsonb NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "part_spec_values_kind_field_value_pk" PRIMARY KEY("kind","field","value")
);
--> statement-breakpoint
-- A part's spec values as the facets count them: a scalar as it is, a list by its distinct
-- string elements (a choice filter's jsonb_exists matches those).
CREATE FUNCTION part_spec_values_of(specs jsonb) RETURNS TABLE (field text, value jsonb) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT s.key, v.value
  FROM jsonb_each(specs) AS s
  CROSS JOIN LATERAL (
    SELECT s.value WHERE jsonb_typeof(s.value) <> 'array'
    UNION ALL
    SELECT e FROM jsonb_array_elements(CASE WHEN jsonb_typeof(s.value) = 'array' THEN s.value ELSE '[]' END) AS e
    WHERE jsonb_typeof(e) = 'string'
  ) AS v(value)
$$;--> statement-breakpoint
-- Adds each change's d (1 for a part that arrived, -1 for one that left) to the counts, in
-- key order so two writers lock shared rows in the same order.
CREATE FUNCTION count_part_facets(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO part_facet_groups AS g (kind, spec_tags, n)
  SELECT c.kind, c.spec_tags, sum(c.d)
  FROM jsonb_to_recordset(changes) AS c(kind text, spec_tags text[], specs jsonb, d int)
  GROUP BY c.kind, c.spec_tags HAVING sum(c.d) <> 0 ORDER BY c.kind, c.spec_tags
  ON CONFLICT (kind, spec_tags) DO UPDATE SET n = g.n + excluded.n;
  INSERT INTO part_spec_values AS s (kind, field, value, n)
  SELECT c.kind, v.field, v.value, sum(c.d)
  FROM jsonb_to_recordset(changes) AS c(kind text, spec_tags text[], specs jsonb, d int)
  CROSS JOIN LATERAL part_spec_values_of(c.specs) AS v
  GROUP BY c.kind, v.field, v.value HAVING sum(c.d) <> 0 ORDER BY c.kind, v.field, v.value
  ON CONFLICT (kind, field, value) DO UPDATE SET n = s.n + excluded.n;
$$;--> statement-breakpoint
CREATE FUNCTION part_facets_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_part_facets((SELECT jsonb_agg(jsonb_build_object('kind', kind, 'spec_tags', spec_tags, 'specs', specs, 'd', 1)) FROM inserted));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION part_facets_of_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_part_facets((SELECT jsonb_agg(jsonb_build_object('kind', kind, 'spec_tags', spec_tags, 'specs', specs, 'd', -1)) FROM deleted));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION part_facets_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_part_facets(jsonb_build_array(
    jsonb_build_object('kind', OLD.kind, 'spec_tags', OLD.spec_tags, 'specs', OLD.specs, 'd', -1),
    jsonb_build_object('kind', NEW.kind, 'spec_tags', NEW.spec_tags, 'specs', NEW.specs, 'd', 1)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes (a bulk load, the demo seed) count once per statement; an edit once per
-- row, and only when kind, tags or specs change, so stock moves (orders) never touch the counts.
CREATE TRIGGER parts_facets_insert AFTER INSERT ON "parts" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION part_facets_of_inserted();--> statement-breakpoint
CREATE TRIGGER parts_facets_delete AFTER DELETE ON "parts" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION part_facets_of_deleted();--> statement-breakpoint
CREATE TRIGGER parts_facets_update AFTER UPDATE OF kind, spec_tags, specs ON "parts" FOR EACH ROW
  WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.spec_tags IS DISTINCT FROM NEW.spec_tags OR OLD.specs IS DISTINCT FROM NEW.specs)
  EXECUTE FUNCTION part_facets_of_updated();--> statement-breakpoint
SELECT count_part_facets((SELECT jsonb_agg(jsonb_build_object('kind', kind, 'spec_tags', spec_tags, 'specs', specs, 'd', 1)) FROM parts));
