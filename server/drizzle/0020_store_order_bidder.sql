ALTER TABLE "store_orders" ADD COLUMN "bidder_id" integer;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "bidder_link_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_orders_bidder_link" ON "store_orders" USING btree ("bidder_link_hash");--> statement-breakpoint
-- No order is put on a balance here: until now an unpaid Bill Me order joined the balance of the
-- bidder whose account had its email, which anyone could type (issue 47). Those orders are now
-- their purchasers' own invoices, paid at the desk, until a bidder confirms one by its link.
SELECT 1;
