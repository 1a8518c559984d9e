ALTER TABLE "events" ADD COLUMN "venuename" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venueaddress" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venuestarts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venueends" timestamp with time zone;