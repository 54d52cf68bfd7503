ALTER TABLE "open_reports" ADD COLUMN "frozen_runs" jsonb;--> statement-breakpoint
ALTER TABLE "cash_vest_scores" ADD COLUMN "frozen_runs" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "frozen_runs" jsonb;