CREATE TABLE "account_balances" (
	"account_balance_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"bank_client_rel_id" integer NOT NULL,
	"account_id" integer,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"file_id" integer,
	"batch_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"source_row_number" integer NOT NULL,
	"source_sheet_name" text,
	"account_number" text DEFAULT '' NOT NULL,
	"afp_code" text,
	"description" text DEFAULT '' NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staging_account_balance_id" bigint,
	"standardized_description" text,
	"is_rate" boolean DEFAULT false NOT NULL,
	"amount" numeric(20, 6)
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"balance_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"bank_client_rel_id" integer NOT NULL,
	"account_id" integer,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"file_id" integer,
	"batch_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"source_row_number" integer NOT NULL,
	"source_sheet_name" text,
	"account_number" text DEFAULT '' NOT NULL,
	"afp_code" text,
	"description" text DEFAULT '' NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staging_balance_id" bigint,
	"standardized_description" text,
	"is_rate" boolean DEFAULT false NOT NULL,
	"amount" numeric(20, 6),
	"volumes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"fee_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"bank_client_rel_id" integer NOT NULL,
	"account_id" integer,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"file_id" integer,
	"batch_id" integer NOT NULL,
	"batch_file_id" integer NOT NULL,
	"source_row_number" integer NOT NULL,
	"source_sheet_name" text,
	"account_number" text DEFAULT '' NOT NULL,
	"afp_code" text,
	"description" text DEFAULT '' NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staging_fee_id" bigint,
	"bank_category" text,
	"bank_code" text,
	"category" text,
	"sub_category" text,
	"bank_level_exception" text,
	"client_level_exception" text,
	"unit_price" numeric(18, 6),
	"volume" numeric(18, 4),
	"amount" numeric(18, 2) NOT NULL,
	"currency" text,
	"volumes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "batch_file_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source_row_number" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source_sheet_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "staging_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "batch_file_id" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "source_row_number" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "source_sheet_name" text;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "staging_investment_id" bigint;--> statement-breakpoint
ALTER TABLE "batch_accounts" ADD COLUMN "promoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_relationship_fk" FOREIGN KEY ("client_id","bank_client_rel_id") REFERENCES "public"."bank_client_relationships"("client_id","bank_client_rel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_relationship_fk" FOREIGN KEY ("client_id","bank_client_rel_id") REFERENCES "public"."bank_client_relationships"("client_id","bank_client_rel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_relationship_fk" FOREIGN KEY ("client_id","bank_client_rel_id") REFERENCES "public"."bank_client_relationships"("client_id","bank_client_rel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_balances_client_period_idx" ON "account_balances" USING btree ("client_id","period_start");--> statement-breakpoint
CREATE INDEX "account_balances_relationship_idx" ON "account_balances" USING btree ("bank_client_rel_id");--> statement-breakpoint
CREATE INDEX "account_balances_account_idx" ON "account_balances" USING btree ("account_id") WHERE "account_balances"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "account_balances_file_idx" ON "account_balances" USING btree ("file_id") WHERE "account_balances"."file_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_balances_staging_key" ON "account_balances" USING btree ("staging_account_balance_id") WHERE "account_balances"."staging_account_balance_id" is not null;--> statement-breakpoint
CREATE INDEX "balances_client_period_idx" ON "balances" USING btree ("client_id","period_start");--> statement-breakpoint
CREATE INDEX "balances_relationship_idx" ON "balances" USING btree ("bank_client_rel_id");--> statement-breakpoint
CREATE INDEX "balances_account_idx" ON "balances" USING btree ("account_id") WHERE "balances"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "balances_file_idx" ON "balances" USING btree ("file_id") WHERE "balances"."file_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "balances_staging_key" ON "balances" USING btree ("staging_balance_id") WHERE "balances"."staging_balance_id" is not null;--> statement-breakpoint
CREATE INDEX "fees_client_period_idx" ON "fees" USING btree ("client_id","period_start");--> statement-breakpoint
CREATE INDEX "fees_relationship_idx" ON "fees" USING btree ("bank_client_rel_id");--> statement-breakpoint
CREATE INDEX "fees_account_idx" ON "fees" USING btree ("account_id") WHERE "fees"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "fees_file_idx" ON "fees" USING btree ("file_id") WHERE "fees"."file_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fees_staging_key" ON "fees" USING btree ("staging_fee_id") WHERE "fees"."staging_fee_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_staging_transaction_key" ON "transactions" USING btree ("staging_transaction_id") WHERE "transactions"."staging_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "investments_staging_investment_idx" ON "investments" USING btree ("staging_investment_id") WHERE "investments"."staging_investment_id" is not null;