CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"subtotal" bigint NOT NULL,
	"donation" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"processorcode" integer NOT NULL,
	"processor_ref" text DEFAULT '' NOT NULL,
	"charge_key" text NOT NULL,
	"cardbrand" text DEFAULT '' NOT NULL,
	"cardlast4" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"bidder_id" integer PRIMARY KEY NOT NULL,
	"processorcode" integer NOT NULL,
	"ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expmonth" integer NOT NULL,
	"expyear" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_customers" (
	"bidder_id" integer PRIMARY KEY NOT NULL,
	"processorcode" integer NOT NULL,
	"ref" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_items" ADD COLUMN "pickupinstructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "paymentprocessorcode" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "processorpublickey" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "processorsecretkey" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "processorwebhooksecret" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "processoraccountid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "needscardtoregister" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "needscardtobid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "pickupinstructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_customers" ADD CONSTRAINT "processor_customers_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_bidder" ON "orders" USING btree ("bidder_id","event_id");--> statement-breakpoint
CREATE INDEX "orders_event" ON "orders" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_charge_key" ON "orders" USING btree ("charge_key");