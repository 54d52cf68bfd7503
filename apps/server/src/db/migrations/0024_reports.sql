-- Issue 19: client reports (generated system PDF, uploaded user report, finalize and publish).
-- Hand-edited after drizzle-kit: the open-report key sets only open_report_id to null (PostgreSQL 15+),
-- since client_id is NOT NULL: a deleted open report leaves its reports, which keep their period.
CREATE TABLE "reports" (
	"report_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"open_report_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"params" jsonb NOT NULL,
	"system_file_id" integer,
	"user_file_id" integer,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generation_state" text DEFAULT 'queued' NOT NULL,
	"job_id" text,
	"generation_message" text,
	"finalized" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"presentation_date" date,
	"comment" text,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_dates_check" CHECK ("reports"."end_date" >= "reports"."start_date"),
	CONSTRAINT "reports_comment_length_check" CHECK (char_length("reports"."comment") <= 200),
	CONSTRAINT "reports_published_check" CHECK ("reports"."finalized" = false or "reports"."published")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_system_file_id_files_file_id_fk" FOREIGN KEY ("system_file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_file_id_files_file_id_fk" FOREIGN KEY ("user_file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_open_report_fk" FOREIGN KEY ("client_id","open_report_id") REFERENCES "public"."open_reports"("client_id","open_report_id") ON DELETE SET NULL ("open_report_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_client_generated_idx" ON "reports" USING btree ("client_id","generated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_open_report_idx" ON "reports" USING btree ("open_report_id");