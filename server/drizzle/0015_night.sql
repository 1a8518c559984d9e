CREATE TABLE "charge_run_bidders" (
	"run_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"state" text NOT NULL,
	"due" bigint NOT NULL,
	"payment_id" integer,
	"message" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "charge_run_bidders_run_id_bidder_id_pk" PRIMARY KEY("run_id","bidder_id")
);
--> statement-breakpoint
CREATE TABLE "charge_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"staff_id" integer,
	"minimum" bigint DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"bidder_id" integer PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"payment_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" integer,
	CONSTRAINT "payment_allocations_payment_id_bidder_id_pk" PRIMARY KEY("payment_id","bidder_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"processorcode" integer NOT NULL,
	"processor_ref" text DEFAULT '' NOT NULL,
	"charge_key" text NOT NULL,
	"cardbrand" text DEFAULT '' NOT NULL,
	"cardlast4" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"run_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pickup_codes" (
	"bidder_id" integer PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"settled_by" integer
);
--> statement-breakpoint
ALTER TABLE "auction_items" ADD COLUMN "paddlelevels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "won_items" ADD COLUMN "entered_by" integer;--> statement-breakpoint
ALTER TABLE "won_items" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "won_items" ADD COLUMN "collected_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settled_by" integer;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "settled_by" integer;--> statement-breakpoint
ALTER TABLE "charge_run_bidders" ADD CONSTRAINT "charge_run_bidders_run_id_charge_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."charge_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_run_bidders" ADD CONSTRAINT "charge_run_bidders_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_runs" ADD CONSTRAINT "charge_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_runs" ADD CONSTRAINT "charge_runs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_codes" ADD CONSTRAINT "pickup_codes_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_codes" ADD CONSTRAINT "pickup_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_run_bidders_state" ON "charge_run_bidders" USING btree ("run_id","state");--> statement-breakpoint
CREATE INDEX "charge_runs_event" ON "charge_runs" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "charge_runs_state" ON "charge_runs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "checkins_event" ON "checkins" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_bidder" ON "payment_allocations" USING btree ("bidder_id");--> statement-breakpoint
CREATE INDEX "payments_event" ON "payments" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_charge_key" ON "payments" USING btree ("charge_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_codes_event_code" ON "pickup_codes" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "pledges_bidder" ON "pledges" USING btree ("bidder_id","event_id");--> statement-breakpoint
CREATE INDEX "pledges_item" ON "pledges" USING btree ("item_id");