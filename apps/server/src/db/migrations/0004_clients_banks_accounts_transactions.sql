-- Trigram search over transaction descriptions (PGlite registers the extension in open-database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "client_assignees" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "client_assignees_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bank_client_relationships" (
	"bank_client_rel_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"collection_type" text DEFAULT 'File Upload' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_client_relationships_client_bank_key" UNIQUE("client_id","bank_id"),
	CONSTRAINT "bank_client_relationships_client_rel_key" UNIQUE("client_id","bank_client_rel_id"),
	CONSTRAINT "bank_client_relationships_status_check" CHECK ("bank_client_relationships"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"bank_id" serial PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"asset_size" numeric(18, 2) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"default_data_gathering_frequency" smallint DEFAULT 3 NOT NULL,
	"data_availability_date" smallint,
	"fdic_code" text,
	"institution_type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_status_check" CHECK ("banks"."status" in (0, 1)),
	CONSTRAINT "banks_asset_size_check" CHECK ("banks"."asset_size" > 0),
	CONSTRAINT "banks_data_availability_check" CHECK ("banks"."data_availability_date" is null or "banks"."data_availability_date" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "institution_types" (
	"institution_type_id" serial PRIMARY KEY NOT NULL,
	"institution_type_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_types_status_check" CHECK ("institution_types"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "import_templates" (
	"template_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"bank_client_rel_id" integer NOT NULL,
	"type" text NOT NULL,
	"template_type" text NOT NULL,
	"json_transform" jsonb NOT NULL,
	"header_row" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_group_accounts" (
	"account_group_xref_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_group_accounts_group_account_key" UNIQUE("group_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "account_groups" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"is_all_accounts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_groups_client_group_key" UNIQUE("client_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "account_links" (
	"account_link_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"linked_to_account_id" integer NOT NULL,
	"linked_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_links_account_key" UNIQUE("account_id"),
	CONSTRAINT "account_links_not_self_check" CHECK ("account_links"."account_id" <> "account_links"."linked_to_account_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"account_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"bank_id" integer,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_alias" text,
	"account_type" text,
	"account_category" text,
	"account_balance" numeric(18, 2),
	"account_balance_date" date,
	"account_closed" boolean DEFAULT false NOT NULL,
	"account_date_closed" date,
	"data_gathering_frequency" smallint,
	"collection_type" text,
	"is_staging" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_client_account_key" UNIQUE("client_id","account_id"),
	CONSTRAINT "accounts_complete_check" CHECK ("accounts"."is_staging" or ("accounts"."bank_id" is not null and "accounts"."account_type" is not null and "accounts"."account_category" is not null and "accounts"."account_alias" is not null and "accounts"."account_balance_date" is not null)),
	CONSTRAINT "accounts_closed_date_check" CHECK ("accounts"."account_closed" or "accounts"."account_date_closed" is null)
);
--> statement-breakpoint
CREATE TABLE "keyword_categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_categories_status_check" CHECK ("keyword_categories"."status" in (0, 1)),
	CONSTRAINT "keyword_categories_rank_check" CHECK ("keyword_categories"."rank" >= 0)
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"keyword_id" serial PRIMARY KEY NOT NULL,
	"keyword_name" text NOT NULL,
	"keyword_category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"transaction_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"transaction_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"keyword_id" integer,
	"file_id" integer,
	"batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "budget" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "client_category" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "client_type" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "initial_interest" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "data_gathering_frequency" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "report_frequency" smallint;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "report_cycle" smallint;--> statement-breakpoint
ALTER TABLE "client_assignees" ADD CONSTRAINT "client_assignees_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignees" ADD CONSTRAINT "client_assignees_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_client_relationships" ADD CONSTRAINT "bank_client_relationships_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_client_relationships" ADD CONSTRAINT "bank_client_relationships_bank_id_banks_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("bank_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_institution_type_id_institution_types_institution_type_id_fk" FOREIGN KEY ("institution_type_id") REFERENCES "public"."institution_types"("institution_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_templates" ADD CONSTRAINT "import_templates_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_templates" ADD CONSTRAINT "import_templates_relationship_fk" FOREIGN KEY ("client_id","bank_client_rel_id") REFERENCES "public"."bank_client_relationships"("client_id","bank_client_rel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_group_accounts" ADD CONSTRAINT "account_group_accounts_group_fk" FOREIGN KEY ("client_id","group_id") REFERENCES "public"."account_groups"("client_id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_group_accounts" ADD CONSTRAINT "account_group_accounts_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_groups" ADD CONSTRAINT "account_groups_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_linked_to_fk" FOREIGN KEY ("client_id","linked_to_account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_bank_id_banks_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("bank_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_relationship_fk" FOREIGN KEY ("client_id","bank_id") REFERENCES "public"."bank_client_relationships"("client_id","bank_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_keyword_category_id_keyword_categories_category_id_fk" FOREIGN KEY ("keyword_category_id") REFERENCES "public"."keyword_categories"("category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_keyword_id_keywords_keyword_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("keyword_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_assignees_user_idx" ON "client_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bank_client_relationships_bank_idx" ON "bank_client_relationships" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "banks_name_lower_idx" ON "banks" USING btree (lower("bank_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "institution_types_name_lower_key" ON "institution_types" USING btree (lower("institution_type_name"));--> statement-breakpoint
CREATE INDEX "import_templates_rel_type_idx" ON "import_templates" USING btree ("bank_client_rel_id","type");--> statement-breakpoint
CREATE INDEX "import_templates_client_idx" ON "import_templates" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "account_group_accounts_account_idx" ON "account_group_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_groups_client_name_lower_key" ON "account_groups" USING btree ("client_id",lower("group_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "account_groups_client_all_accounts_key" ON "account_groups" USING btree ("client_id") WHERE "account_groups"."is_all_accounts";--> statement-breakpoint
CREATE INDEX "account_links_linked_to_idx" ON "account_links" USING btree ("linked_to_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_client_bank_number_key" ON "accounts" USING btree ("client_id","bank_id","account_number");--> statement-breakpoint
CREATE INDEX "accounts_bank_idx" ON "accounts" USING btree ("bank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_categories_name_lower_key" ON "keyword_categories" USING btree (lower("category_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_name_lower_key" ON "keywords" USING btree (lower("keyword_name"));--> statement-breakpoint
CREATE INDEX "transactions_account_date_idx" ON "transactions" USING btree ("account_id","transaction_date" DESC NULLS FIRST,"transaction_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_client_date_idx" ON "transactions" USING btree ("client_id","transaction_date");--> statement-breakpoint
CREATE INDEX "transactions_description_trgm_idx" ON "transactions" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_file_idx" ON "transactions" USING btree ("file_id") WHERE "transactions"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "clients_name_lower_idx" ON "clients" USING btree (lower("client_name"));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_status_check" CHECK ("clients"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_report_cycle_check" CHECK ("clients"."report_cycle" is null or ("clients"."report_cycle" between 1 and 12 and ("clients"."report_frequency" is null or "clients"."report_cycle" <= "clients"."report_frequency")));--> statement-breakpoint
-- Every bank picks an institution type; the list is administered on Global Settings tab 3 (issue 6).
INSERT INTO "institution_types" ("institution_type_name") VALUES
	('Commercial Bank'), ('Savings Institution'), ('Credit Union'), ('Community Bank'),
	('Trust Company'), ('Broker-Dealer'), ('Investment Pool'), ('Federal Home Loan Bank')
ON CONFLICT DO NOTHING;
