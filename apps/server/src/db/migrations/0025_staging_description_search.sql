-- Issue 17 "Speed": the Inspect Staging Transactions search box over a million staged rows. A search
-- narrows by batch account and trigrams in one GIN index (btree_gin and pg_trgm come from 0004/0006), as
-- the books' transactions_account_description_trgm_idx; its count stops at 10,000 (staging-transactions.service.ts).
CREATE INDEX "staging_transactions_account_description_trgm_idx" ON "staging_transactions" USING gin ("batch_account_id",lower("description") gin_trgm_ops);