CREATE TABLE "note_category_links" (
	"note_id" integer NOT NULL,
	"note_category_id" integer NOT NULL,
	CONSTRAINT "note_category_links_note_id_note_category_id_pk" PRIMARY KEY("note_id","note_category_id")
);
--> statement-breakpoint
CREATE TABLE "note_comments" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_tagged_users" (
	"note_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "note_tagged_users_note_id_user_id_pk" PRIMARY KEY("note_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"note_id" serial PRIMARY KEY NOT NULL,
	"note_title" text NOT NULL,
	"note_description" text NOT NULL,
	"author_id" integer NOT NULL,
	"table_linked_to" text,
	"linked_id" integer,
	"client_id" integer,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_link_check" CHECK (("notes"."table_linked_to" is null) = ("notes"."linked_id" is null) and ("notes"."table_linked_to" is null or "notes"."client_id" is not null)),
	CONSTRAINT "notes_resolved_check" CHECK ("notes"."is_resolved" = ("notes"."resolved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "note_category_links" ADD CONSTRAINT "note_category_links_note_id_notes_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("note_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_category_links" ADD CONSTRAINT "note_category_links_note_category_id_note_categories_note_category_id_fk" FOREIGN KEY ("note_category_id") REFERENCES "public"."note_categories"("note_category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_comments" ADD CONSTRAINT "note_comments_note_id_notes_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("note_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_comments" ADD CONSTRAINT "note_comments_author_id_users_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_tagged_users" ADD CONSTRAINT "note_tagged_users_note_id_notes_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("note_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_tagged_users" ADD CONSTRAINT "note_tagged_users_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_resolved_by_users_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_category_links_category_idx" ON "note_category_links" USING btree ("note_category_id");--> statement-breakpoint
CREATE INDEX "note_comments_note_idx" ON "note_comments" USING btree ("note_id","created_at");--> statement-breakpoint
CREATE INDEX "note_tagged_users_user_idx" ON "note_tagged_users" USING btree ("user_id","note_id");--> statement-breakpoint
CREATE INDEX "notes_linked_idx" ON "notes" USING btree ("table_linked_to","linked_id","is_resolved");--> statement-breakpoint
CREATE INDEX "notes_author_idx" ON "notes" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "notes_client_idx" ON "notes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "notes_resolved_created_idx" ON "notes" USING btree ("is_resolved","created_at");