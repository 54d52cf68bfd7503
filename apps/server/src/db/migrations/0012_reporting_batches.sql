CREATE TABLE "batches" (
	"batch_id" serial PRIMARY KEY NOT NULL,
	"open_report_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"bank_client_rel_id" integer NOT NULL,
	"template_type" text NOT NULL,
	"template_id" integer,
	"sources_required" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_report_rel_type_key" UNIQUE("open_report_id","bank_client_rel_id","template_type"),
	CONSTRAINT "batches_sources_required_check" CHECK ("batches"."sources_required" >= 0)
);
--> statement-breakpoint
CREATE TABLE "open_reports" (
	"open_report_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"due_date" date,
	"ingestion_status" text DEFAULT 'NOT STARTED' NOT NULL,
	"analysis_status" text DEFAULT 'Data Ingestion' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "open_reports_client_report_key" UNIQUE("client_id","open_report_id"),
	CONSTRAINT "open_reports_dates_check" CHECK ("open_reports"."end_date" >= "open_reports"."start_date")
);
--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_template_id_import_templates_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."import_templates"("template_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_open_report_fk" FOREIGN KEY ("client_id","open_report_id") REFERENCES "public"."open_reports"("client_id","open_report_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_relationship_fk" FOREIGN KEY ("client_id","bank_client_rel_id") REFERENCES "public"."bank_client_relationships"("client_id","bank_client_rel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_reports" ADD CONSTRAINT "open_reports_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_reports" ADD CONSTRAINT "open_reports_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batches_client_idx" ON "batches" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "batches_relationship_idx" ON "batches" USING btree ("bank_client_rel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_reports_one_open_per_client_idx" ON "open_reports" USING btree ("client_id") WHERE "open_reports"."closed_at" is null;