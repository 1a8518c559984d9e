ALTER TABLE "store_orders" ADD COLUMN "desk_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "desk_staff_id" integer;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_desk_staff_id_staff_id_fk" FOREIGN KEY ("desk_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;