CREATE TABLE "clients" (
	"client_id" serial PRIMARY KEY NOT NULL,
	"client_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("client_name");--> statement-breakpoint
-- Associations written before the clients table existed point at no client; the key cannot hold them.
DELETE FROM "user_clients" WHERE "client_id" NOT IN (SELECT "client_id" FROM "clients");--> statement-breakpoint
ALTER TABLE "user_clients" ADD CONSTRAINT "user_clients_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;