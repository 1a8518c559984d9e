CREATE TABLE "auction_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"itemnum" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"longdescription" text DEFAULT '' NOT NULL,
	"donatedby" text DEFAULT '' NOT NULL,
	"fairmarketvalue" bigint DEFAULT 0 NOT NULL,
	"ispriceless" boolean DEFAULT false NOT NULL,
	"imageurl" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"quantitysold" integer DEFAULT 0 NOT NULL,
	"unlimitedquantity" boolean DEFAULT false NOT NULL,
	"maxpurchasequantity" integer DEFAULT 0 NOT NULL,
	"buyitnowonly" boolean DEFAULT false NOT NULL,
	"buyitnowavailable" boolean DEFAULT false NOT NULL,
	"buyitnowprice" bigint DEFAULT 0 NOT NULL,
	"itemisliveonly" boolean DEFAULT false NOT NULL,
	"allowautobid" boolean DEFAULT true NOT NULL,
	"startingbid" bigint DEFAULT 0 NOT NULL,
	"minimumbidincrease" bigint DEFAULT 100 NOT NULL,
	"currentbid" bigint,
	"numberofbids" integer DEFAULT 0 NOT NULL,
	"closing" timestamp with time zone,
	"featured" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"eventcode" text NOT NULL,
	"eventname" text NOT NULL,
	"timezone" text NOT NULL,
	"logourl" text DEFAULT '' NOT NULL,
	"sponsorurl" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"welcomemessage" text DEFAULT '' NOT NULL,
	"homemessage" text DEFAULT '' NOT NULL,
	"preeventtext" text DEFAULT '' NOT NULL,
	"contactus" text DEFAULT '' NOT NULL,
	"privacypolicy" text DEFAULT '' NOT NULL,
	"organizationphone" text DEFAULT '' NOT NULL,
	"organizationemail" text DEFAULT '' NOT NULL,
	"eventopens" timestamp with time zone NOT NULL,
	"eventcloses" timestamp with time zone NOT NULL,
	"biddingopens" timestamp with time zone NOT NULL,
	"biddingcloses" timestamp with time zone NOT NULL,
	"allowbillme" boolean DEFAULT false NOT NULL,
	"allowpayccfees" boolean DEFAULT true NOT NULL,
	"ccfeespercent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"allowanonymousbidding" boolean DEFAULT true NOT NULL,
	"allowguestentry" boolean DEFAULT true NOT NULL,
	"addressrequired" boolean DEFAULT false NOT NULL,
	"ziprequired" boolean DEFAULT true NOT NULL,
	"notificationcolumns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notificationrows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shownotificationsmenuitem" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"photourl" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"auctioncode" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_auctioncode_unique" UNIQUE("auctioncode")
);
--> statement-breakpoint
ALTER TABLE "auction_items" ADD CONSTRAINT "auction_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_photos" ADD CONSTRAINT "item_photos_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_items_event_itemnum" ON "auction_items" USING btree ("event_id",lower("itemnum"));--> statement-breakpoint
CREATE UNIQUE INDEX "events_org_code" ON "events" USING btree ("organization_id","eventcode");--> statement-breakpoint
CREATE INDEX "item_photos_item" ON "item_photos" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "media_org" ON "media" USING btree ("organization_id");