CREATE TABLE "exception_items" (
	"exception_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"severity" text NOT NULL,
	"summary" text NOT NULL,
	"link" jsonb NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"amount" numeric(18, 2),
	"status" text DEFAULT 'Open' NOT NULL,
	"assignee_id" integer,
	"due_date" date,
	"snoozed_until" date,
	"snooze_reason" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution_note" text,
	"resolved_automatically" boolean DEFAULT false NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exception_items_resolved_check" CHECK (("exception_items"."status" = 'Resolved') = ("exception_items"."resolved_at" is not null)),
	CONSTRAINT "exception_items_snoozed_check" CHECK (("exception_items"."status" = 'Snoozed') = ("exception_items"."snoozed_until" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exception_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exception_items" ADD CONSTRAINT "exception_items_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_items" ADD CONSTRAINT "exception_items_assignee_id_users_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_items" ADD CONSTRAINT "exception_items_resolved_by_users_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exception_items_subject_key" ON "exception_items" USING btree ("client_id","kind","subject_key");--> statement-breakpoint
CREATE INDEX "exception_items_status_client_idx" ON "exception_items" USING btree ("status","client_id");--> statement-breakpoint
CREATE INDEX "exception_items_assignee_idx" ON "exception_items" USING btree ("assignee_id","status") WHERE "exception_items"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "exception_items_since_idx" ON "exception_items" USING btree ("since");