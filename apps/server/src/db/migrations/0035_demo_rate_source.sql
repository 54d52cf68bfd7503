-- Issue 41: seed-demo stores a made-up rate history for the demo's three years with source 'demo', so
-- the demo's benchmarks are not empty; like the snapshot's, its rows go when live values arrive.
ALTER TABLE "market_rate_observations" DROP CONSTRAINT "market_rate_observations_source_check";--> statement-breakpoint
ALTER TABLE "market_rate_observations" ADD CONSTRAINT "market_rate_observations_source_check" CHECK ("market_rate_observations"."source" in ('fred', 'treasury', 'import', 'snapshot', 'demo'));