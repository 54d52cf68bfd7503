ALTER TABLE "exception_items" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "exception_items_search_trgm_idx" ON "exception_items" USING gin (lower("search_text") gin_trgm_ops);--> statement-breakpoint
-- Exceptions found before the column: their client's name and summary, as detection now writes them.
UPDATE "exception_items" e SET "search_text" = lower(c.client_name || ' ' || e.summary)
FROM "clients" c WHERE c.client_id = e.client_id;
