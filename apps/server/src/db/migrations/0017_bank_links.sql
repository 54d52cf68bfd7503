CREATE TABLE "bank_links" (
	"bank_link_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"bank_client_rel_id" integer NOT NULL,
	"provider" text NOT NULL,
	"item_id" text NOT NULL,
	"access_token_ciphertext" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_links_relationship_key" UNIQUE("bank_client_rel_id"),
	CONSTRAINT "bank_links_provider_check" CHECK ("bank_links"."provider" in ('Plaid'))
);
--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_relationship_fk" FOREIGN KEY ("client_id","bank_client_rel_id") REFERENCES "public"."bank_client_relationships"("client_id","bank_client_rel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_links_client_idx" ON "bank_links" USING btree ("client_id");