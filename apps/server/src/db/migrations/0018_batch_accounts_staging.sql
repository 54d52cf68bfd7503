CREATE TABLE "batch_account_files" (
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_account_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "batch_account_files_batch_account_id_batch_file_id_pk" PRIMARY KEY("batch_account_id","batch_file_id")
);
--> statement-breakpoint
CREATE TABLE "batch_accounts" (
	"batch_account_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"account_id" integer,
	"section_type" text,
	"status" text DEFAULT 'Needs Files' NOT NULL,
	"restore_status" text,
	"statement_months" smallint NOT NULL,
	"start_balance" numeric(18, 2),
	"end_balance" numeric(18, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_accounts_client_batch_key" UNIQUE("client_id","batch_id","batch_account_id"),
	CONSTRAINT "batch_accounts_kind_check" CHECK (("batch_accounts"."account_id" is null) <> ("batch_accounts"."section_type" is null)),
	CONSTRAINT "batch_accounts_restore_check" CHECK (("batch_accounts"."status" = 'Ignored') = ("batch_accounts"."restore_status" is not null)),
	CONSTRAINT "batch_accounts_statement_months_check" CHECK ("batch_accounts"."statement_months" >= 0)
);
--> statement-breakpoint
CREATE TABLE "batch_files" (
	"batch_file_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"excel_file_id" integer,
	"uploaded_file_name" text NOT NULL,
	"template_type" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"extraction_message" text,
	"header_row" text,
	"header_row_number" integer,
	"first_cell" text,
	"allow_overwrite" boolean DEFAULT false NOT NULL,
	"job_id" uuid,
	"row_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_files_client_batch_key" UNIQUE("client_id","batch_id","batch_file_id")
);
--> statement-breakpoint
CREATE TABLE "staging_investments" (
	"staging_investment_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_account_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"sheet_name" text,
	"validation_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"market_identifier" text,
	"investment_type_name" text NOT NULL,
	"investment_type_id" integer,
	"fund" varchar(50),
	"face_value" numeric(18, 2) NOT NULL,
	"settlement_amount" numeric(18, 2) NOT NULL,
	"interest_rate" numeric(9, 6) NOT NULL,
	"coupon_rate" numeric(9, 6),
	"settlement_date" date NOT NULL,
	"maturity_date" date NOT NULL,
	"call_date" date,
	CONSTRAINT "staging_investments_file_row_key" UNIQUE NULLS NOT DISTINCT("batch_file_id","sheet_name","row_number")
);
--> statement-breakpoint
CREATE TABLE "staging_transactions" (
	"staging_transaction_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_account_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"sheet_name" text,
	"validation_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transaction_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"keyword_id" integer,
	"duplicate_of_transaction_id" bigint,
	"duplicate_of_staging_transaction_id" bigint,
	"duplicate_of_batch_file_id" integer,
	CONSTRAINT "staging_transactions_file_row_key" UNIQUE NULLS NOT DISTINCT("batch_file_id","sheet_name","row_number")
);
--> statement-breakpoint
CREATE TABLE "staging_account_balances" (
	"staging_account_balance_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_account_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"sheet_name" text,
	"validation_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_number" text NOT NULL,
	"afp_code" text,
	"description" text DEFAULT '' NOT NULL,
	"standardized_description" text,
	"is_rate" boolean DEFAULT false NOT NULL,
	"amount" numeric(20, 6),
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "staging_account_balances_file_row_key" UNIQUE NULLS NOT DISTINCT("batch_file_id","sheet_name","row_number")
);
--> statement-breakpoint
CREATE TABLE "staging_balances" (
	"staging_balance_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_account_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"sheet_name" text,
	"validation_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"afp_code" text,
	"description" text DEFAULT '' NOT NULL,
	"standardized_description" text,
	"is_rate" boolean DEFAULT false NOT NULL,
	"amount" numeric(20, 6),
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"volumes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "staging_balances_file_row_key" UNIQUE NULLS NOT DISTINCT("batch_file_id","sheet_name","row_number")
);
--> statement-breakpoint
CREATE TABLE "staging_fees" (
	"staging_fee_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_account_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"sheet_name" text,
	"validation_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"bank_category" text,
	"description" text DEFAULT '' NOT NULL,
	"bank_code" text,
	"afp_code" text,
	"category" text,
	"sub_category" text,
	"bank_level_exception" text,
	"client_level_exception" text,
	"unit_price" numeric(18, 6),
	"volume" numeric(18, 4),
	"amount" numeric(18, 2) NOT NULL,
	"currency" text,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"volumes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "staging_fees_file_row_key" UNIQUE NULLS NOT DISTINCT("batch_file_id","sheet_name","row_number")
);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "end_date" date;--> statement-breakpoint
-- Batches made before Start Ingestion existed cover their open report's period.
UPDATE "batches" SET "start_date" = o."start_date", "end_date" = o."end_date" FROM "open_reports" o WHERE o."open_report_id" = "batches"."open_report_id";--> statement-breakpoint
ALTER TABLE "batches" ALTER COLUMN "start_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ALTER COLUMN "end_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "created_by" integer;--> statement-breakpoint
-- Before the foreign keys that refer to it.
ALTER TABLE "batches" ADD CONSTRAINT "batches_client_batch_key" UNIQUE("client_id","batch_id");--> statement-breakpoint
ALTER TABLE "batch_account_files" ADD CONSTRAINT "batch_account_files_account_fk" FOREIGN KEY ("client_id","batch_id","batch_account_id") REFERENCES "public"."batch_accounts"("client_id","batch_id","batch_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_account_files" ADD CONSTRAINT "batch_account_files_file_fk" FOREIGN KEY ("client_id","batch_id","batch_file_id") REFERENCES "public"."batch_files"("client_id","batch_id","batch_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_accounts" ADD CONSTRAINT "batch_accounts_batch_fk" FOREIGN KEY ("client_id","batch_id") REFERENCES "public"."batches"("client_id","batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_accounts" ADD CONSTRAINT "batch_accounts_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_files" ADD CONSTRAINT "batch_files_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_files" ADD CONSTRAINT "batch_files_excel_file_id_files_file_id_fk" FOREIGN KEY ("excel_file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_files" ADD CONSTRAINT "batch_files_job_id_job_runs_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_runs"("job_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_files" ADD CONSTRAINT "batch_files_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_files" ADD CONSTRAINT "batch_files_batch_fk" FOREIGN KEY ("client_id","batch_id") REFERENCES "public"."batches"("client_id","batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_investments" ADD CONSTRAINT "staging_investments_investment_type_id_investment_types_investment_type_id_fk" FOREIGN KEY ("investment_type_id") REFERENCES "public"."investment_types"("investment_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_investments" ADD CONSTRAINT "staging_investments_batch_account_fk" FOREIGN KEY ("client_id","batch_id","batch_account_id") REFERENCES "public"."batch_accounts"("client_id","batch_id","batch_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_investments" ADD CONSTRAINT "staging_investments_batch_file_fk" FOREIGN KEY ("client_id","batch_id","batch_file_id") REFERENCES "public"."batch_files"("client_id","batch_id","batch_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD CONSTRAINT "staging_transactions_keyword_id_keywords_keyword_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("keyword_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD CONSTRAINT "staging_transactions_duplicate_of_transaction_id_transactions_transaction_id_fk" FOREIGN KEY ("duplicate_of_transaction_id") REFERENCES "public"."transactions"("transaction_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD CONSTRAINT "staging_transactions_duplicate_of_staging_transaction_id_staging_transactions_staging_transaction_id_fk" FOREIGN KEY ("duplicate_of_staging_transaction_id") REFERENCES "public"."staging_transactions"("staging_transaction_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD CONSTRAINT "staging_transactions_duplicate_of_batch_file_id_batch_files_batch_file_id_fk" FOREIGN KEY ("duplicate_of_batch_file_id") REFERENCES "public"."batch_files"("batch_file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD CONSTRAINT "staging_transactions_batch_account_fk" FOREIGN KEY ("client_id","batch_id","batch_account_id") REFERENCES "public"."batch_accounts"("client_id","batch_id","batch_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_transactions" ADD CONSTRAINT "staging_transactions_batch_file_fk" FOREIGN KEY ("client_id","batch_id","batch_file_id") REFERENCES "public"."batch_files"("client_id","batch_id","batch_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_account_balances" ADD CONSTRAINT "staging_account_balances_batch_account_fk" FOREIGN KEY ("client_id","batch_id","batch_account_id") REFERENCES "public"."batch_accounts"("client_id","batch_id","batch_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_account_balances" ADD CONSTRAINT "staging_account_balances_batch_file_fk" FOREIGN KEY ("client_id","batch_id","batch_file_id") REFERENCES "public"."batch_files"("client_id","batch_id","batch_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_balances" ADD CONSTRAINT "staging_balances_batch_account_fk" FOREIGN KEY ("client_id","batch_id","batch_account_id") REFERENCES "public"."batch_accounts"("client_id","batch_id","batch_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_balances" ADD CONSTRAINT "staging_balances_batch_file_fk" FOREIGN KEY ("client_id","batch_id","batch_file_id") REFERENCES "public"."batch_files"("client_id","batch_id","batch_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_fees" ADD CONSTRAINT "staging_fees_batch_account_fk" FOREIGN KEY ("client_id","batch_id","batch_account_id") REFERENCES "public"."batch_accounts"("client_id","batch_id","batch_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_fees" ADD CONSTRAINT "staging_fees_batch_file_fk" FOREIGN KEY ("client_id","batch_id","batch_file_id") REFERENCES "public"."batch_files"("client_id","batch_id","batch_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_account_files_file_idx" ON "batch_account_files" USING btree ("batch_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_accounts_batch_account_key" ON "batch_accounts" USING btree ("batch_id","account_id") WHERE "batch_accounts"."account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_accounts_batch_section_key" ON "batch_accounts" USING btree ("batch_id","section_type") WHERE "batch_accounts"."section_type" is not null;--> statement-breakpoint
CREATE INDEX "batch_accounts_batch_status_idx" ON "batch_accounts" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "batch_accounts_account_idx" ON "batch_accounts" USING btree ("account_id") WHERE "batch_accounts"."account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_files_live_name_key" ON "batch_files" USING btree ("batch_id","uploaded_file_name") WHERE "batch_files"."status" <> 'Replaced';--> statement-breakpoint
CREATE INDEX "batch_files_batch_updated_idx" ON "batch_files" USING btree ("batch_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "batch_files_client_updated_idx" ON "batch_files" USING btree ("client_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "batch_files_in_progress_idx" ON "batch_files" USING btree ("client_id","batch_id") WHERE "batch_files"."status" in ('Queued', 'In Progress');--> statement-breakpoint
CREATE INDEX "batch_files_file_idx" ON "batch_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "batch_files_excel_file_idx" ON "batch_files" USING btree ("excel_file_id") WHERE "batch_files"."excel_file_id" is not null;--> statement-breakpoint
CREATE INDEX "batch_files_job_idx" ON "batch_files" USING btree ("job_id") WHERE "batch_files"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "staging_investments_account_idx" ON "staging_investments" USING btree ("batch_account_id","staging_investment_id");--> statement-breakpoint
CREATE INDEX "staging_transactions_account_date_idx" ON "staging_transactions" USING btree ("batch_account_id","transaction_date","staging_transaction_id");--> statement-breakpoint
CREATE INDEX "staging_transactions_keyword_idx" ON "staging_transactions" USING btree ("keyword_id") WHERE "staging_transactions"."keyword_id" is not null;--> statement-breakpoint
CREATE INDEX "staging_transactions_duplicate_transaction_idx" ON "staging_transactions" USING btree ("duplicate_of_transaction_id") WHERE "staging_transactions"."duplicate_of_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "staging_transactions_duplicate_staging_idx" ON "staging_transactions" USING btree ("duplicate_of_staging_transaction_id") WHERE "staging_transactions"."duplicate_of_staging_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "staging_transactions_duplicate_file_idx" ON "staging_transactions" USING btree ("duplicate_of_batch_file_id") WHERE "staging_transactions"."duplicate_of_batch_file_id" is not null;--> statement-breakpoint
CREATE INDEX "staging_account_balances_account_idx" ON "staging_account_balances" USING btree ("batch_account_id","staging_account_balance_id");--> statement-breakpoint
CREATE INDEX "staging_balances_account_idx" ON "staging_balances" USING btree ("batch_account_id","staging_balance_id");--> statement-breakpoint
CREATE INDEX "staging_fees_account_idx" ON "staging_fees" USING btree ("batch_account_id","staging_fee_id");--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_dates_check" CHECK ("batches"."end_date" >= "batches"."start_date");