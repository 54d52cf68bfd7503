-- Issue 20 point 1: a call date is required only for callable instruments, and the type says which
-- they are. Hand-edited after drizzle-kit: the usual callable type is added with the flag set.
ALTER TABLE "investment_types" ADD COLUMN "callable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
INSERT INTO "investment_types" ("investment_type_name", "callable") VALUES ('Callable Agency Note', true)
ON CONFLICT DO NOTHING;
