CREATE TABLE "bid_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"increment" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"is_auto" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"bidder_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_bidder_id_key_pk" PRIMARY KEY("bidder_id","key")
);
--> statement-breakpoint
CREATE TABLE "item_maxima" (
	"item_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"max" bigint NOT NULL,
	"increment" bigint NOT NULL,
	"is_auto" boolean NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "item_maxima_item_id_bidder_id_pk" PRIMARY KEY("item_id","bidder_id")
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"bidder_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_bidder_id_item_id_pk" PRIMARY KEY("bidder_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "won_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"checkout_id" integer
);
--> statement-breakpoint
ALTER TABLE "auction_items" ADD COLUMN "leader_bidder_id" integer;--> statement-breakpoint
ALTER TABLE "auction_items" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "extendedbiddingminutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "extendedbiddinglatest" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bid_actions" ADD CONSTRAINT "bid_actions_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_actions" ADD CONSTRAINT "bid_actions_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_maxima" ADD CONSTRAINT "item_maxima_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_maxima" ADD CONSTRAINT "item_maxima_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "won_items" ADD CONSTRAINT "won_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "won_items" ADD CONSTRAINT "won_items_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "won_items" ADD CONSTRAINT "won_items_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_actions_item" ON "bid_actions" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "bids_item" ON "bids" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "item_maxima_bidder" ON "item_maxima" USING btree ("bidder_id");--> statement-breakpoint
CREATE INDEX "won_items_bidder" ON "won_items" USING btree ("bidder_id","event_id");--> statement-breakpoint
CREATE INDEX "won_items_item" ON "won_items" USING btree ("item_id");