ALTER TABLE "audit_log" ADD COLUMN "client_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_client_ids_idx" ON "audit_log" USING gin ("client_ids");