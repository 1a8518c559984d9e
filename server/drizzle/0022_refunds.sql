CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"source" text NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"request_key" text NOT NULL,
	"refund_key" text NOT NULL,
	"processor_ref" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_balance" ON "refunds" USING btree ("event_id","bidder_id");--> statement-breakpoint
CREATE INDEX "refunds_payment" ON "refunds" USING btree ("source","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key" ON "refunds" USING btree ("event_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_key" ON "refunds" USING btree ("refund_key");