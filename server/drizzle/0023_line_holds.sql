CREATE TABLE "line_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"kind" text NOT NULL,
	"line_id" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_holds" ADD CONSTRAINT "line_holds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_holds" ADD CONSTRAINT "line_holds_bidder_id_bidders_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."bidders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_holds" ADD CONSTRAINT "line_holds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_holds" ADD CONSTRAINT "line_holds_resolved_by_staff_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_holds_balance" ON "line_holds" USING btree ("event_id","bidder_id");--> statement-breakpoint
CREATE INDEX "line_holds_line" ON "line_holds" USING btree ("kind","line_id");