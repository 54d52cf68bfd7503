CREATE TABLE "global_settings" (
	"global_setting_id" integer PRIMARY KEY NOT NULL,
	"value" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_group_investments" (
	"group_id" integer NOT NULL,
	"investment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_group_investments_group_id_investment_id_pk" PRIMARY KEY("group_id","investment_id")
);
--> statement-breakpoint
CREATE TABLE "investment_groups" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_types" (
	"investment_type_id" serial PRIMARY KEY NOT NULL,
	"investment_type_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_types_status_check" CHECK ("investment_types"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"file_id" integer,
	"investment_type_id" integer NOT NULL,
	"market_identifier" text,
	"face_value" numeric(18, 2) NOT NULL,
	"settlement_amount" numeric(18, 2) NOT NULL,
	"interest_rate" numeric(9, 6) NOT NULL,
	"coupon_rate" numeric(9, 6),
	"settlement_date" date NOT NULL,
	"maturity_date" date NOT NULL,
	"call_date" date,
	"fund" varchar(50),
	"liquidity_level" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_liquidity_level_check" CHECK ("investments"."liquidity_level" between 1 and 5),
	CONSTRAINT "investments_amounts_check" CHECK ("investments"."face_value" >= 0 and "investments"."settlement_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "investment_group_investments" ADD CONSTRAINT "investment_group_investments_group_id_investment_groups_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."investment_groups"("group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_group_investments" ADD CONSTRAINT "investment_group_investments_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_investment_type_id_investment_types_investment_type_id_fk" FOREIGN KEY ("investment_type_id") REFERENCES "public"."investment_types"("investment_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_group_investments_investment_idx" ON "investment_group_investments" USING btree ("investment_id");--> statement-breakpoint
CREATE INDEX "investment_groups_name_lower_idx" ON "investment_groups" USING btree (lower("group_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "investment_types_name_lower_key" ON "investment_types" USING btree (lower("investment_type_name"));--> statement-breakpoint
CREATE INDEX "investments_client_maturity_idx" ON "investments" USING btree ("client_id","maturity_date");--> statement-breakpoint
CREATE INDEX "investments_account_maturity_idx" ON "investments" USING btree ("account_id","maturity_date");--> statement-breakpoint
CREATE INDEX "investments_maturity_idx" ON "investments" USING btree ("maturity_date","id");--> statement-breakpoint
CREATE INDEX "investments_created_idx" ON "investments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "investments_type_idx" ON "investments" USING btree ("investment_type_id");--> statement-breakpoint
CREATE INDEX "investments_file_idx" ON "investments" USING btree ("file_id") WHERE "investments"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "investments_identifier_lower_idx" ON "investments" USING btree (lower("market_identifier") text_pattern_ops);--> statement-breakpoint
-- platform.md 3 "Global setting": 1 = data-ingestion upload date (5th business day), 2 = maturity limit (90 days).
INSERT INTO "global_settings" ("global_setting_id", "value") VALUES (1, 5), (2, 90) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The usual instrument types; Global Settings tab 2 manages them later.
INSERT INTO "investment_types" ("investment_type_name") VALUES
	('Certificate of Deposit'),
	('Treasury Bill'),
	('Treasury Note'),
	('Agency Note'),
	('Commercial Paper'),
	('Money Market Fund'),
	('Municipal Bond'),
	('Corporate Bond')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Spec 9: a fileId of 1 means 'no file', so no stored file may get id 1: the next file id is at least 2.
SELECT setval(pg_get_serial_sequence('files', 'file_id'), greatest(coalesce((SELECT max("file_id") FROM "files"), 1), 1), true);
