CREATE TABLE "note_categories" (
	"note_category_id" serial PRIMARY KEY NOT NULL,
	"note_category_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_categories_status_check" CHECK ("note_categories"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "quote_types" (
	"quote_type_id" serial PRIMARY KEY NOT NULL,
	"quote_type_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_types_status_check" CHECK ("quote_types"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_keyword_id_keywords_keyword_id_fk";
--> statement-breakpoint
CREATE UNIQUE INDEX "note_categories_name_lower_key" ON "note_categories" USING btree (lower("note_category_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "quote_types_name_lower_key" ON "quote_types" USING btree (lower("quote_type_name"));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_keyword_id_keywords_keyword_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("keyword_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_keyword_idx" ON "transactions" USING btree ("keyword_id") WHERE "transactions"."keyword_id" is not null;