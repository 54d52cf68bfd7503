-- Global setting 3 (ours; design/reports.md "Accounts to close", platform.md 3 defines ids 1 and 2):
-- the minimum of transactions a month. Hand-written in drizzle-kit's empty custom migration; the row
-- keeps a value an administrator may already have saved.
INSERT INTO "global_settings" ("global_setting_id", "value") VALUES (3, 5) ON CONFLICT DO NOTHING;
