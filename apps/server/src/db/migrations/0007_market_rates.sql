CREATE TABLE "market_rate_observations" (
	"series_id" text NOT NULL,
	"observation_date" date NOT NULL,
	"value" numeric(12, 6) NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_rate_observations_pkey" PRIMARY KEY("series_id","observation_date"),
	CONSTRAINT "market_rate_observations_source_check" CHECK ("market_rate_observations"."source" in ('fred', 'treasury', 'import', 'snapshot'))
);
