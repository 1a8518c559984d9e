CREATE TABLE "console_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"staff_id" integer,
	"audience" text NOT NULL,
	"channel" text NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"queued" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_optouts" (
	"organization_id" integer NOT NULL,
	"phone" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_optouts_organization_id_phone_pk" PRIMARY KEY("organization_id","phone")
);
--> statement-breakpoint
CREATE TABLE "text_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'twilio' NOT NULL,
	"accountsid" text DEFAULT '' NOT NULL,
	"authtoken" text DEFAULT '' NOT NULL,
	"fromnumber" text DEFAULT '' NOT NULL,
	"messagingservicesid" text DEFAULT '' NOT NULL,
	"helpcontact" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_items" ADD COLUMN "deductible" text DEFAULT 'value' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "legalname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "taxid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "receiptaddress" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "receiptdisclosure" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment" "bytea";--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "fairmarketvalue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "deductible" text DEFAULT 'value' NOT NULL;--> statement-breakpoint
ALTER TABLE "console_messages" ADD CONSTRAINT "console_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_messages" ADD CONSTRAINT "console_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_messages" ADD CONSTRAINT "console_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_optouts" ADD CONSTRAINT "text_optouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_settings" ADD CONSTRAINT "text_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_messages_event" ON "console_messages" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "outbox_provider" ON "outbox" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "outbox_message" ON "outbox" USING btree ("message_id");--> statement-breakpoint
UPDATE "outbox" SET "status" = 'sent', "status_at" = "sent_at" WHERE "sent_at" IS NOT NULL;
