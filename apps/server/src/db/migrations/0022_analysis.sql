-- Issue 18: analysis runs (Monte Carlo, short-term model, cashVest) and what changed in the books.
-- Hand-edited after drizzle-kit: the open-report keys set only open_report_id to null (PostgreSQL 15+),
-- since client_id is NOT NULL and shared with the group key: a deleted open report leaves its analyses.
CREATE TABLE "cash_vest_scores" (
	"cash_vest_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"open_report_id" integer,
	"start_date" date,
	"end_date" date,
	"value_score" smallint,
	"liquidity_prof" smallint,
	"warnick_rate" smallint,
	"cashflow" smallint,
	"investment" smallint,
	"total_score" smallint,
	"value_score_comments" text,
	"liquidity_prof_comments" text,
	"warnick_rate_comments" text,
	"cashflow_comments" text,
	"investment_comments" text,
	"period_interest" numeric(18, 2),
	"year_interest" numeric(18, 2),
	"initial_interest" numeric(18, 2),
	"suggestion" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_vest_scores_dates_check" CHECK ("cash_vest_scores"."end_date" >= "cash_vest_scores"."start_date"),
	CONSTRAINT "cash_vest_scores_ranges_check" CHECK (("cash_vest_scores"."value_score" is null or "cash_vest_scores"."value_score" between 2 and 20)
        and ("cash_vest_scores"."liquidity_prof" is null or "cash_vest_scores"."liquidity_prof" between 3 and 30)
        and ("cash_vest_scores"."warnick_rate" is null or "cash_vest_scores"."warnick_rate" between 2 and 20)
        and ("cash_vest_scores"."cashflow" is null or "cash_vest_scores"."cashflow" between 2 and 20)
        and ("cash_vest_scores"."investment" is null or "cash_vest_scores"."investment" between 1 and 10))
);
--> statement-breakpoint
CREATE TABLE "liquidity_level_overrides" (
	"monte_carlo_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"date_range" smallint DEFAULT 6 NOT NULL,
	"level_one" numeric(18, 2) NOT NULL,
	"level_two" numeric(18, 2) NOT NULL,
	"level_three" numeric(18, 2) NOT NULL,
	"level_four" numeric(18, 2) NOT NULL,
	"level_five" numeric(18, 2) NOT NULL,
	"cushion" numeric(18, 2) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liquidity_level_overrides_date_range_check" CHECK ("liquidity_level_overrides"."date_range" in (6, 12))
);
--> statement-breakpoint
CREATE TABLE "monte_carlo_runs" (
	"monte_carlo_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_group_id" integer NOT NULL,
	"open_report_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"monte_carlo_name" text NOT NULL,
	"number_of_years" smallint NOT NULL,
	"seed" bigint NOT NULL,
	"paths" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"job_id" text,
	"message" text,
	"result" jsonb,
	"rates" jsonb,
	"default_cushions" jsonb,
	"data_as_of" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "monte_carlo_runs_dates_check" CHECK ("monte_carlo_runs"."end_date" >= "monte_carlo_runs"."start_date")
);
--> statement-breakpoint
CREATE TABLE "short_term_models" (
	"short_term_model_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_group_id" integer NOT NULL,
	"open_report_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"short_term_model_name" text NOT NULL,
	"balance_adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"step1_state" text DEFAULT 'queued' NOT NULL,
	"step1_job_id" text,
	"step1_message" text,
	"step1_ready" boolean,
	"step1_result" jsonb,
	"step1_completed_at" timestamp with time zone,
	"step2_state" text,
	"step2_job_id" text,
	"step2_message" text,
	"step2_result" jsonb,
	"step2_completed_at" timestamp with time zone,
	"file_key" text,
	"data_as_of" timestamp with time zone,
	CONSTRAINT "short_term_models_dates_check" CHECK ("short_term_models"."end_date" >= "short_term_models"."start_date")
);
--> statement-breakpoint
CREATE TABLE "transaction_changes" (
	"account_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_reports" ADD COLUMN "analysis_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "open_reports" ADD COLUMN "analysis_completed_by" integer;--> statement-breakpoint
ALTER TABLE "cash_vest_scores" ADD CONSTRAINT "cash_vest_scores_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_vest_scores" ADD CONSTRAINT "cash_vest_scores_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_vest_scores" ADD CONSTRAINT "cash_vest_scores_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_vest_scores" ADD CONSTRAINT "cash_vest_scores_open_report_fk" FOREIGN KEY ("client_id","open_report_id") REFERENCES "public"."open_reports"("client_id","open_report_id") ON DELETE SET NULL ("open_report_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidity_level_overrides" ADD CONSTRAINT "liquidity_level_overrides_monte_carlo_id_monte_carlo_runs_monte_carlo_id_fk" FOREIGN KEY ("monte_carlo_id") REFERENCES "public"."monte_carlo_runs"("monte_carlo_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidity_level_overrides" ADD CONSTRAINT "liquidity_level_overrides_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidity_level_overrides" ADD CONSTRAINT "liquidity_level_overrides_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monte_carlo_runs" ADD CONSTRAINT "monte_carlo_runs_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monte_carlo_runs" ADD CONSTRAINT "monte_carlo_runs_group_fk" FOREIGN KEY ("client_id","account_group_id") REFERENCES "public"."account_groups"("client_id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monte_carlo_runs" ADD CONSTRAINT "monte_carlo_runs_open_report_fk" FOREIGN KEY ("client_id","open_report_id") REFERENCES "public"."open_reports"("client_id","open_report_id") ON DELETE SET NULL ("open_report_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_term_models" ADD CONSTRAINT "short_term_models_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_term_models" ADD CONSTRAINT "short_term_models_group_fk" FOREIGN KEY ("client_id","account_group_id") REFERENCES "public"."account_groups"("client_id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_term_models" ADD CONSTRAINT "short_term_models_open_report_fk" FOREIGN KEY ("client_id","open_report_id") REFERENCES "public"."open_reports"("client_id","open_report_id") ON DELETE SET NULL ("open_report_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_vest_scores_client_created_idx" ON "cash_vest_scores" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "monte_carlo_runs_client_created_idx" ON "monte_carlo_runs" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "monte_carlo_runs_group_created_idx" ON "monte_carlo_runs" USING btree ("account_group_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "short_term_models_client_created_idx" ON "short_term_models" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "short_term_models_group_created_idx" ON "short_term_models" USING btree ("account_group_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transaction_changes_account_changed_idx" ON "transaction_changes" USING btree ("account_id","changed_at");--> statement-breakpoint
ALTER TABLE "open_reports" ADD CONSTRAINT "open_reports_analysis_completed_by_users_user_id_fk" FOREIGN KEY ("analysis_completed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- 'Data Has Changed?' and stale balance tables: each statement that inserts, deletes or moves
-- transactions (amount, date or account) records, per account, the dates it touched. Statement-level
-- triggers with transition tables, as for the counts of 0006: a COPY of a million rows writes one row
-- per account, not one per transaction.
CREATE OR REPLACE FUNCTION "record_transaction_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO transaction_changes (account_id, first_date, last_date)
		SELECT account_id, min(transaction_date), max(transaction_date) FROM new_rows GROUP BY account_id;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO transaction_changes (account_id, first_date, last_date)
		SELECT account_id, min(transaction_date), max(transaction_date) FROM old_rows GROUP BY account_id;
	ELSE
		-- A new description or keyword changes no balance: only rows whose amount, date or account
		-- changed count, on both their old and their new account and dates.
		INSERT INTO transaction_changes (account_id, first_date, last_date)
		SELECT account_id, min(transaction_date), max(transaction_date) FROM (
			SELECT o.account_id, o.transaction_date FROM old_rows o JOIN new_rows n USING (transaction_id)
			WHERE (o.amount, o.transaction_date, o.account_id) IS DISTINCT FROM (n.amount, n.transaction_date, n.account_id)
			UNION ALL
			SELECT n.account_id, n.transaction_date FROM old_rows o JOIN new_rows n USING (transaction_id)
			WHERE (o.amount, o.transaction_date, o.account_id) IS DISTINCT FROM (n.amount, n.transaction_date, n.account_id)
		) moved GROUP BY account_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_changes_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_transaction_changes"();--> statement-breakpoint
CREATE TRIGGER "transactions_changes_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_transaction_changes"();--> statement-breakpoint
CREATE TRIGGER "transactions_changes_update" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_transaction_changes"();
