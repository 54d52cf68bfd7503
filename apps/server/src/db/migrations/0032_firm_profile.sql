-- Issue 42 point 5: the firm that sends the client reports (its name in every page header of a Liquidity
-- Analysis, its logo on the cover), one row; the logo (PNG or JPEG, at most 512 KB) is kept in the row.
CREATE TABLE "firm_profile" (
	"firm_profile_id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"firm_name" text,
	"logo" "bytea",
	"logo_content_type" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_profile_single_row_check" CHECK ("firm_profile"."firm_profile_id" = 1),
	CONSTRAINT "firm_profile_name_length_check" CHECK (char_length("firm_profile"."firm_name") <= 120),
	CONSTRAINT "firm_profile_logo_check" CHECK (("firm_profile"."logo" is null) = ("firm_profile"."logo_content_type" is null) and ("firm_profile"."logo" is null or octet_length("firm_profile"."logo") <= 524288))
);
--> statement-breakpoint
ALTER TABLE "firm_profile" ADD CONSTRAINT "firm_profile_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;