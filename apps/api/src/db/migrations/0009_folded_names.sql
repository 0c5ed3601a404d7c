DROP INDEX "users_fold_fname_idx";--> statement-breakpoint
DROP INDEX "users_fold_mname_idx";--> statement-breakpoint
DROP INDEX "users_fold_lname_idx";--> statement-breakpoint
DROP INDEX "users_fold_nick_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fold_fname" text GENERATED ALWAYS AS (translate(lower(coalesce("user_fname", '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz')) STORED,
  ADD COLUMN "fold_mname" text GENERATED ALWAYS AS (translate(lower(coalesce("user_mname", '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz')) STORED,
  ADD COLUMN "fold_lname" text GENERATED ALWAYS AS (translate(lower(coalesce("user_lname", '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz')) STORED,
  ADD COLUMN "fold_nick" text GENERATED ALWAYS AS (translate(lower(coalesce("user_nick", '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz')) STORED;--> statement-breakpoint
CREATE INDEX "users_fold_fname_idx" ON "users" USING btree ("fold_fname" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_fold_mname_idx" ON "users" USING btree ("fold_mname" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_fold_lname_idx" ON "users" USING btree ("fold_lname" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_fold_nick_idx" ON "users" USING btree ("fold_nick" text_pattern_ops);
