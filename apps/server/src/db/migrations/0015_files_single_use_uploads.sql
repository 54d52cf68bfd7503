ALTER TABLE "files" ADD COLUMN "upload_key" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_upload_key_unique" UNIQUE("upload_key");