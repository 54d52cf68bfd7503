CREATE TABLE "negotiated_rates" (
	"negotiated_rate_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"state" text NOT NULL,
	"amount" numeric,
	"term" numeric,
	"rate" numeric NOT NULL,
	"quote_type_id" integer,
	"user_id" integer,
	"user_name" text NOT NULL,
	"realized" smallint DEFAULT 1 NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negotiated_rates_realized_check" CHECK ("negotiated_rates"."realized" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "negotiated_rates" ADD CONSTRAINT "negotiated_rates_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiated_rates" ADD CONSTRAINT "negotiated_rates_bank_id_banks_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("bank_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiated_rates" ADD CONSTRAINT "negotiated_rates_quote_type_id_quote_types_quote_type_id_fk" FOREIGN KEY ("quote_type_id") REFERENCES "public"."quote_types"("quote_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiated_rates" ADD CONSTRAINT "negotiated_rates_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "negotiated_rates_client_idx" ON "negotiated_rates" USING btree ("client_id");