-- Issue 4 "Measure": the account Transactions list over 10 million rows. A description search narrows
-- by account and trigrams in one GIN index (btree_gin gives account_id a GIN operator class), and the
-- list's total reads a per-account counter kept by statement-level triggers (transition tables, so a
-- COPY or a bulk delete updates each account's count once, not once per row).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "account_transaction_counts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"transaction_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
	ALTER TABLE "account_transaction_counts" ADD CONSTRAINT "account_transaction_counts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_description_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_account_description_trgm_idx" ON "transactions" USING gin ("account_id",lower("description") gin_trgm_ops);--> statement-breakpoint
-- Writers wait while the counts are filled, so none is missed between the backfill and the triggers.
LOCK TABLE "transactions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_account_transactions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Accounts are written in id order, so concurrent statements lock their counts in the same order.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO account_transaction_counts AS c (account_id, transaction_count)
		SELECT account_id, count(*) FROM new_rows GROUP BY account_id ORDER BY account_id
		ON CONFLICT (account_id) DO UPDATE SET transaction_count = c.transaction_count + excluded.transaction_count;
	ELSIF TG_OP = 'DELETE' THEN
		-- An update, never an insert: when an account is deleted its rows cascade here after (or before)
		-- its count row is gone.
		UPDATE account_transaction_counts c SET transaction_count = c.transaction_count - gone.n
		FROM (SELECT account_id, count(*) AS n FROM old_rows GROUP BY account_id) gone
		WHERE c.account_id = gone.account_id;
	ELSIF TG_OP = 'UPDATE' THEN
		-- Only rows moved to another account change a count.
		INSERT INTO account_transaction_counts AS c (account_id, transaction_count)
		SELECT account_id, sum(n) FROM (
			SELECT account_id, 1 AS n FROM new_rows
			UNION ALL
			SELECT account_id, -1 FROM old_rows
		) moved GROUP BY account_id HAVING sum(n) <> 0 ORDER BY account_id
		ON CONFLICT (account_id) DO UPDATE SET transaction_count = c.transaction_count + excluded.transaction_count;
	ELSE
		DELETE FROM account_transaction_counts;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "transactions_count_insert" ON "transactions";--> statement-breakpoint
CREATE TRIGGER "transactions_count_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_account_transactions"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "transactions_count_delete" ON "transactions";--> statement-breakpoint
CREATE TRIGGER "transactions_count_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_account_transactions"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "transactions_count_update" ON "transactions";--> statement-breakpoint
CREATE TRIGGER "transactions_count_update" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_account_transactions"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "transactions_count_truncate" ON "transactions";--> statement-breakpoint
CREATE TRIGGER "transactions_count_truncate" AFTER TRUNCATE ON "transactions" FOR EACH STATEMENT EXECUTE FUNCTION "count_account_transactions"();--> statement-breakpoint
INSERT INTO "account_transaction_counts" ("account_id", "transaction_count")
SELECT "account_id", count(*) FROM "transactions" GROUP BY "account_id"
ON CONFLICT ("account_id") DO UPDATE SET "transaction_count" = excluded."transaction_count";
