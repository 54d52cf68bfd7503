CREATE TABLE "bank_level_exceptions" (
	"bank_level_exception_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bank_level_exceptions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "client_level_exceptions" (
	"client_level_exception_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_level_exceptions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "fee_categories_code_unique" UNIQUE("code"),
	CONSTRAINT "fee_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fee_sub_categories" (
	"sub_category_id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fee_sub_categories_category_name_key" UNIQUE("category_id","name")
);
--> statement-breakpoint
CREATE TABLE "standardized_descriptions" (
	"standard_description_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_rate" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "standardized_descriptions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "fee_sub_categories" ADD CONSTRAINT "fee_sub_categories_category_id_fee_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."fee_categories"("category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ingestion-analysis.md 7 "Treasury services": the treasury staging dialog's pick lists. Balances and
-- account balances are standardized to these names; is_rate marks the percentages (spec 3).
INSERT INTO "standardized_descriptions" ("name", "is_rate", "sort_order") VALUES
	('Average Ledger Balance', false, 10),
	('Average Float', false, 20),
	('Average Collected Balance', false, 30),
	('Average Negative Collected Balance', false, 40),
	('Average Positive Collected Balance', false, 50),
	('Reserve Requirement', false, 60),
	('Average Investable Balance', false, 70),
	('Earnings Credit Rate (ECR)', true, 80),
	('Earnings Credit Allowance', false, 90),
	('Balance Required to Offset Service Charges', false, 100),
	('Excess/Deficit Investable Balance', false, 110),
	('Balance Based Charges', false, 120),
	('Total Service Charges', false, 130),
	('Net Service Charges Due', false, 140),
	('Reserve Requirement Rate', true, 150),
	('FDIC Assessment Rate', true, 160),
	('Overdraft Interest Rate', true, 170)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- How the bank treats a charge on its statement.
INSERT INTO "bank_level_exceptions" ("name", "description", "sort_order") VALUES
	('None', 'Charged at the bank''s standard price.', 10),
	('Waived', 'The bank waived the charge for the period.', 20),
	('Negotiated Price', 'Charged at a price negotiated with the bank, not the standard one.', 30),
	('Promotional Price', 'Charged at a temporary promotional price.', 40),
	('Pass-through', 'A third party''s charge the bank passes on (e.g. FDIC assessment, network fees).', 50),
	('Non-recurring', 'A one-off charge (set-up, research, special request).', 60)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- How the client's analysis treats a charge.
INSERT INTO "client_level_exceptions" ("name", "description", "sort_order") VALUES
	('None', 'Included in the analysis as charged.', 10),
	('Exclude from Analysis', 'Left out of fee comparisons and totals.', 20),
	('Non-recurring', 'A one-off charge, kept out of run-rate figures.', 30),
	('Disputed', 'Questioned with the bank; a credit may follow.', 40),
	('Reimbursable', 'Recovered from a third party or another entity.', 50),
	('Under Review', 'Waiting for the client''s confirmation.', 60)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- AFP Service Codes families (the first two digits of a service code) and a few common services of
-- each. Sub-category codes are left empty: the seeded names are indicative, not the licensed code book.
INSERT INTO "fee_categories" ("code", "name") VALUES
	('00', 'Balance and Compensation Information'),
	('01', 'General Account Services'),
	('10', 'Depository Services'),
	('15', 'Paper Disbursement Services'),
	('20', 'Paper Disbursement Reconciliation Services'),
	('25', 'General ACH Services'),
	('30', 'EDI Payment Services'),
	('35', 'Wire and Other Funds Transfer Services'),
	('40', 'Information Services'),
	('45', 'Lockbox Services'),
	('50', 'Image Services'),
	('55', 'Merchant Card Services'),
	('60', 'Vault and Cash Services'),
	('65', 'Trust and Custody Services'),
	('70', 'Investment and Sweep Services'),
	('99', 'Miscellaneous Services')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "fee_sub_categories" ("category_id", "name", "sort_order")
SELECT c."category_id", s."name", s."sort_order"
FROM (VALUES
	('00', 'Balance Deficiency Fee', 10),
	('00', 'FDIC Assessment', 20),
	('00', 'Overdraft Interest', 30),
	('00', 'Negative Collected Balance Fee', 40),
	('01', 'Account Maintenance', 10),
	('01', 'Statement Services', 20),
	('01', 'Overdraft Fee', 30),
	('01', 'Research and Adjustments', 40),
	('01', 'Account Opening and Closing', 50),
	('10', 'Deposit Ticket', 10),
	('10', 'Deposited Items On-Us', 20),
	('10', 'Deposited Items Transit', 30),
	('10', 'Currency Deposited', 40),
	('10', 'Coin Deposited', 50),
	('10', 'Returned Deposited Items', 60),
	('10', 'Remote Deposit Capture', 70),
	('15', 'Checks Paid', 10),
	('15', 'Stop Payment', 20),
	('15', 'Controlled Disbursement Maintenance', 30),
	('15', 'Controlled Disbursement Items', 40),
	('15', 'Check Issuance', 50),
	('20', 'Account Reconciliation Maintenance', 10),
	('20', 'Full Reconciliation Items', 20),
	('20', 'Positive Pay Maintenance', 30),
	('20', 'Positive Pay Items', 40),
	('20', 'Payee Positive Pay', 50),
	('20', 'Positive Pay Exceptions', 60),
	('25', 'ACH Maintenance', 10),
	('25', 'ACH Originated Items', 20),
	('25', 'ACH Received Items', 30),
	('25', 'ACH Returns', 40),
	('25', 'ACH Notification of Change', 50),
	('25', 'ACH Debit Block and Filter', 60),
	('25', 'Same Day ACH', 70),
	('30', 'EDI Maintenance', 10),
	('30', 'EDI Remittance Reporting', 20),
	('30', 'EDI Addenda Records', 30),
	('35', 'Wire Maintenance', 10),
	('35', 'Outgoing Domestic Wire', 20),
	('35', 'Incoming Domestic Wire', 30),
	('35', 'Outgoing International Wire', 40),
	('35', 'Incoming International Wire', 50),
	('35', 'Book Transfer', 60),
	('35', 'Real-Time Payments', 70),
	('40', 'Information Reporting Maintenance', 10),
	('40', 'Prior Day Reporting', 20),
	('40', 'Current Day Reporting', 30),
	('40', 'Online Banking Users', 40),
	('40', 'File Transmission', 50),
	('45', 'Lockbox Maintenance', 10),
	('45', 'Wholesale Lockbox Items', 20),
	('45', 'Retail Lockbox Items', 30),
	('45', 'Lockbox Data Capture', 40),
	('50', 'Image Maintenance', 10),
	('50', 'Check Images', 20),
	('50', 'Image Archive and Retrieval', 30),
	('55', 'Merchant Card Maintenance', 10),
	('55', 'Card Transactions', 20),
	('55', 'Chargebacks', 30),
	('60', 'Vault Deposits', 10),
	('60', 'Change Orders', 20),
	('60', 'Armored Car Services', 30),
	('60', 'Smart Safe Services', 40),
	('65', 'Custody Maintenance', 10),
	('65', 'Safekeeping Transactions', 20),
	('65', 'Trustee Fees', 30),
	('70', 'Sweep Maintenance', 10),
	('70', 'Sweep Transactions', 20),
	('70', 'Investment Transactions', 30),
	('99', 'Research', 10),
	('99', 'Special Handling', 20),
	('99', 'Other Charges', 30)
) AS s("code", "name", "sort_order")
JOIN "fee_categories" c ON c."code" = s."code"
ON CONFLICT DO NOTHING;
