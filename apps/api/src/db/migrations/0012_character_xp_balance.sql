ALTER TABLE "characters" ADD COLUMN "xp_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each character's balance as SPEC §3's xp_log_sum: the sum of its live entries' signed amounts (decision 071).
UPDATE "characters" SET "xp_balance" = "sums"."balance"
FROM (
  SELECT "id_character", sum(CASE WHEN "xp_type" = 'Spend' THEN -"xp_amount" ELSE "xp_amount" END)::int AS "balance"
  FROM "xp_logs" WHERE NOT "is_void" GROUP BY "id_character"
) AS "sums"
WHERE "characters"."id_character" = "sums"."id_character";
