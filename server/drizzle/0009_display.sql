ALTER TABLE "events" ADD COLUMN "displayshowtotal" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "displaytotalincludes" jsonb DEFAULT '["bids","buyitnow","store","donations"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "displaygoal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "displaymessage" text DEFAULT '' NOT NULL;