CREATE TABLE "test_cryptograms" (
	"nonce" text PRIMARY KEY NOT NULL,
	"spent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_link_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_carts" ADD COLUMN "first_item_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_carts" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_link_mails" ADD CONSTRAINT "guest_link_mails_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_link_mails_order" ON "guest_link_mails" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "guest_link_mails_recipient" ON "guest_link_mails" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "store_carts_address" ON "store_carts" USING btree ("address","state");