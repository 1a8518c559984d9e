ALTER TABLE "payments" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_request_key" ON "payments" USING btree ("event_id","request_key");--> statement-breakpoint
-- Payments made before: their request was their old key without its prefix (gavel_run5_b7 was
-- asked for as run5_b7, gavel_desk_12_<key> as desk_12_<key>), so a run or a desk retry in flight
-- across the upgrade finds its payment and never pays again.
UPDATE "payments" SET "request_key" = substr("charge_key", 7) WHERE "charge_key" LIKE 'gavel\_run%' OR "charge_key" LIKE 'gavel\_desk\_%';
