CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"validfrom" timestamp with time zone,
	"validuntil" timestamp with time zone,
	"maxuses" integer,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_cart_lines" (
	"cart_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "store_cart_lines_cart_id_item_id_pk" PRIMARY KEY("cart_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "store_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"promo_code_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"tab" text NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logourl" text DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"unlimited" boolean DEFAULT false NOT NULL,
	"maxpertransaction" integer DEFAULT 0 NOT NULL,
	"itemtypecode" integer DEFAULT 1 NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"first" text NOT NULL,
	"last" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"zip" text NOT NULL,
	"email" text NOT NULL,
	"promo_code_id" integer,
	"promocode" text DEFAULT '' NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint NOT NULL,
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
	"purchaser_link_hash" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"landinghtml" text DEFAULT '' NOT NULL,
	"footerhtml" text DEFAULT '' NOT NULL,
	"buttons" jsonb NOT NULL,
	"auctionlink" text DEFAULT '' NOT NULL,
	"tabs" jsonb NOT NULL,
	"holdminutes" integer NOT NULL,
	"billme" boolean DEFAULT false NOT NULL,
	"ccfeespercent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"allowpaymentoffees" boolean DEFAULT true NOT NULL,
	"requiredemail" boolean DEFAULT true NOT NULL,
	"requiredzip" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_lines" ADD CONSTRAINT "store_cart_lines_cart_id_store_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."store_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_lines" ADD CONSTRAINT "store_cart_lines_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_carts" ADD CONSTRAINT "store_carts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_carts" ADD CONSTRAINT "store_carts_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_cart_id_store_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."store_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code" ON "promo_codes" USING btree ("event_id",lower("code"));--> statement-breakpoint
CREATE INDEX "store_cart_lines_item" ON "store_cart_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "store_carts_live" ON "store_carts" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "store_carts_promo" ON "store_carts" USING btree ("promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_items_event_code" ON "store_items" USING btree ("event_id",lower("code"));--> statement-breakpoint
CREATE INDEX "store_items_event" ON "store_items" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "store_orders_event" ON "store_orders" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "store_orders_cart" ON "store_orders" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_charge_key" ON "store_orders" USING btree ("charge_key");