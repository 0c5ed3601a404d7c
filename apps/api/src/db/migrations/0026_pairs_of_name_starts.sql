-- Decision 158: users.name_starts also holds, for every two names of a member (a name with itself too), the pair of
-- their two-letter starts ('ad lo' for Ada Lovelace). A lookup by two words of two letters or more asks for their pair
-- beside the words (fold.ts `startsOfWords`), which few members share: the GIN index reads its short list first
-- instead of intersecting the words' long ones. A word never holds a space, so no word finds a pair.
-- The column is dropped and added again, so that its stored values (and its index) are computed anew.
ALTER TABLE "users" DROP COLUMN "name_starts";--> statement-breakpoint
CREATE OR REPLACE FUNCTION starts_of_names(VARIADIC names text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT start), '{}') FROM (
    SELECT left(name, n) FROM unnest(names) name, generate_series(1, length(name)) n
    UNION ALL
    SELECT left(a, 2) || ' ' || left(b, 2) FROM unnest(names) a, unnest(names) b WHERE length(a) >= 2 AND length(b) >= 2
  ) starts (start) $$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_starts" text[] GENERATED ALWAYS AS (starts_of_names(translate(lower(coalesce("user_fname", '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz'), translate(lower(coalesce("user_mname", '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz'), translate(lower(coalesce("user_lname", '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz'), translate(lower(coalesce("user_nick", '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz'))) STORED;--> statement-breakpoint
CREATE INDEX "users_name_starts_idx" ON "users" USING gin ("name_starts");