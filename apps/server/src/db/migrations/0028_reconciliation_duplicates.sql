-- Issue 39 (integrity from statement to books): each statement of an extracted file per batch
-- account (staging_statements) with its period and stated balances, which the reconciliation adds the
-- staged rows up against (Start Balance and End Balance come from them, so batch_accounts drops its
-- two columns); the staged row's statement and bank reference; the possible duplicate's rule and
-- decision; the booked row's bank reference (the first duplicate rule); an override of a failed
-- reconciliation with its reason.
CREATE TABLE "staging_statements" (
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_account_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"statement_index" integer NOT NULL,
	"statement_ref" text,
	"from_date" date,
	"to_date" date,
	"opening_balance" numeric(18, 2),
	"closing_balance" numeric(18, 2),
	"balance_source" text NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staging_statements_batch_file_id_statement_index_batch_account_id_pk" PRIMARY KEY("batch_file_id","statement_index","batch_account_id")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "batch_accounts" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "batch_accounts" ADD COLUMN "override_summary" text;--> statement-breakpoint
ALTER TABLE "batch_accounts" ADD COLUMN "override_by" integer;--> statement-breakpoint
ALTER TABLE "batch_accounts" ADD COLUMN "override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD COLUMN "duplicate_rule" text;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD COLUMN "duplicate_decision" text;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD COLUMN "statement_index" integer;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "staging_statements" ADD CONSTRAINT "staging_statements_batch_account_fk" FOREIGN KEY ("client_id","batch_id","batch_account_id") REFERENCES "public"."batch_accounts"("client_id","batch_id","batch_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_statements" ADD CONSTRAINT "staging_statements_batch_file_fk" FOREIGN KEY ("client_id","batch_id","batch_file_id") REFERENCES "public"."batch_files"("client_id","batch_id","batch_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staging_statements_account_idx" ON "staging_statements" USING btree ("batch_account_id","from_date");--> statement-breakpoint
ALTER TABLE "batch_accounts" ADD CONSTRAINT "batch_accounts_override_by_users_user_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_account_reference_idx" ON "transactions" USING btree ("account_id","bank_reference") WHERE "transactions"."bank_reference" is not null;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD CONSTRAINT "staging_transactions_duplicate_decision_check" CHECK ("staging_transactions"."duplicate_decision" is null or "staging_transactions"."duplicate_rule" is not null);--> statement-breakpoint
ALTER TABLE "batch_accounts" DROP COLUMN "start_balance";--> statement-breakpoint
ALTER TABLE "batch_accounts" DROP COLUMN "end_balance";