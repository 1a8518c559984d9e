ALTER TABLE "notices" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "message" text DEFAULT '' NOT NULL;