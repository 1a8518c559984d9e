CREATE TABLE "notices" (
	"bidder_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notices_bidder_id_item_id_kind_pk" PRIMARY KEY("bidder_id","item_id","kind")
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE cascade ON UPDATE no action;