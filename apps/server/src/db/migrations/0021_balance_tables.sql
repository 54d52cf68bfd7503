CREATE TABLE "account_group_daily_balances" (
	"account_group_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"balance_date" date NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"credits" numeric(18, 2) NOT NULL,
	"debits" numeric(18, 2) NOT NULL,
	"transaction_count" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_group_daily_balances_pkey" PRIMARY KEY("account_group_id","balance_date")
);
--> statement-breakpoint
CREATE TABLE "account_group_monthly_balances" (
	"account_group_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"month" date NOT NULL,
	"month_end_balance" numeric(18, 2) NOT NULL,
	"average_daily_balance" numeric(18, 2) NOT NULL,
	"minimum_balance" numeric(18, 2) NOT NULL,
	"maximum_balance" numeric(18, 2) NOT NULL,
	"total_credits" numeric(18, 2) NOT NULL,
	"total_debits" numeric(18, 2) NOT NULL,
	"transaction_count" integer NOT NULL,
	"day_count" smallint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_group_monthly_balances_pkey" PRIMARY KEY("account_group_id","month")
);
--> statement-breakpoint
CREATE TABLE "daily_balances" (
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"balance_date" date NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"credits" numeric(18, 2) NOT NULL,
	"debits" numeric(18, 2) NOT NULL,
	"transaction_count" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_balances_pkey" PRIMARY KEY("account_id","balance_date")
);
--> statement-breakpoint
CREATE TABLE "monthly_balances" (
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"month" date NOT NULL,
	"month_end_balance" numeric(18, 2) NOT NULL,
	"average_daily_balance" numeric(18, 2) NOT NULL,
	"minimum_balance" numeric(18, 2) NOT NULL,
	"maximum_balance" numeric(18, 2) NOT NULL,
	"total_credits" numeric(18, 2) NOT NULL,
	"total_debits" numeric(18, 2) NOT NULL,
	"transaction_count" integer NOT NULL,
	"day_count" smallint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_balances_pkey" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "account_group_daily_balances" ADD CONSTRAINT "account_group_daily_balances_group_fk" FOREIGN KEY ("client_id","account_group_id") REFERENCES "public"."account_groups"("client_id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_group_monthly_balances" ADD CONSTRAINT "account_group_monthly_balances_group_fk" FOREIGN KEY ("client_id","account_group_id") REFERENCES "public"."account_groups"("client_id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_balances" ADD CONSTRAINT "daily_balances_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_balances" ADD CONSTRAINT "monthly_balances_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","account_id") ON DELETE cascade ON UPDATE no action;