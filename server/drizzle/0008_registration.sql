CREATE TABLE "guest_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"control" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"readonly" boolean DEFAULT false NOT NULL,
	"textlength" integer NOT NULL,
	"retired" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_lookups" (
	"id" serial PRIMARY KEY NOT NULL,
	"field_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"retired" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"position" integer NOT NULL,
	"registration_id" integer,
	"locked" boolean DEFAULT false NOT NULL,
	"link_hash" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"first" text DEFAULT '' NOT NULL,
	"last" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "registrationtitle" text DEFAULT 'Guest Registration' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "allowgrouprename" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "editdeadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_fields" ADD CONSTRAINT "guest_fields_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_groups" ADD CONSTRAINT "guest_groups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_groups" ADD CONSTRAINT "guest_groups_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_groups" ADD CONSTRAINT "guest_groups_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_lookups" ADD CONSTRAINT "guest_lookups_field_id_guest_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."guest_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_seats" ADD CONSTRAINT "guest_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_seats" ADD CONSTRAINT "guest_seats_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_seats" ADD CONSTRAINT "guest_seats_group_id_guest_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."guest_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_seats" ADD CONSTRAINT "guest_seats_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_fields_event_code" ON "guest_fields" USING btree ("event_id",lower("code"));--> statement-breakpoint
CREATE INDEX "guest_groups_order" ON "guest_groups" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "guest_groups_event" ON "guest_groups" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "guest_lookups_field" ON "guest_lookups" USING btree ("field_id","position");--> statement-breakpoint
CREATE INDEX "guest_seats_order" ON "guest_seats" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_seats_registration" ON "guest_seats" USING btree ("registration_id") WHERE "guest_seats"."registration_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_seats_link" ON "guest_seats" USING btree ("link_hash") WHERE "guest_seats"."link_hash" <> '';--> statement-breakpoint
CREATE INDEX "registrations_order" ON "registrations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_orders_purchaser_link" ON "store_orders" USING btree ("purchaser_link_hash");--> statement-breakpoint
INSERT INTO "guest_fields" ("event_id", "code", "role", "position", "label", "control", "required", "readonly", "textlength")
SELECT "id", 'first', 'first', 0, 'First Name', 5, true, false, 50 FROM "events"
UNION ALL SELECT "id", 'last', 'last', 1, 'Last Name', 5, true, false, 50 FROM "events"
UNION ALL SELECT "id", 'email', 'email', 2, 'Email', 5, false, false, 254 FROM "events";
