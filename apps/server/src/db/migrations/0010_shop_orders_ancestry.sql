CREATE TABLE "ancestry_fulfillments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"selected_genotype_id" integer,
	"ancestry_plate_number" text,
	"ancestry_tube_code" text,
	"ancestry_well_location" text,
	"tracking_number" text,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"flagged_note" text,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_shipped" timestamp with time zone,
	CONSTRAINT "ancestry_fulfillments_status_check" CHECK ("ancestry_fulfillments"."status" in (0, 5, 10, 12, 15, 20)),
	CONSTRAINT "ancestry_fulfillments_well_check" CHECK (length("ancestry_fulfillments"."ancestry_well_location") <= 3)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"pet_id" integer,
	"pre_reg_dog_id" integer,
	CONSTRAINT "cart_items_one_dog_check" CHECK (("cart_items"."pet_id" is null) <> ("cart_items"."pre_reg_dog_id" is null))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecommerce_promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"is_reserved" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"order_item_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_sku" text NOT NULL,
	"product_name" text NOT NULL,
	"pet_id" integer,
	"pre_reg_dog_id" integer,
	"pet_name" text DEFAULT '' NOT NULL,
	"sub_total_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"is_ancestry_product" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_user_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"payment_status" smallint DEFAULT 0 NOT NULL,
	"order_date" timestamp with time zone DEFAULT now() NOT NULL,
	"total_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"shipping_fee_cents" integer NOT NULL,
	"grand_total_cents" integer NOT NULL,
	"billing_address" jsonb,
	"card_type" text,
	"card_last_digits" text,
	"payment_method" text NOT NULL,
	"payment_reference" text NOT NULL,
	"customer_name" text NOT NULL,
	"pet_summary" text DEFAULT '' NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in (0, 10, 20, 30, 40)),
	CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in (0, 10))
);
--> statement-breakpoint
CREATE TABLE "partner_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"partner_user_ref" text NOT NULL,
	"date_registered" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_reference" text NOT NULL,
	"by_user_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_kind_check" CHECK ("payment_events"."kind" in ('Charge', 'Refund', 'Void'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"list_price_cents" integer,
	"price_cents" integer NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_enabled_countries" (
	"country_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet_owner_promotion_codes" ALTER COLUMN "pet_owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ancestry_fulfillments" ADD CONSTRAINT "ancestry_fulfillments_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_pre_reg_dog_id_pre_registered_dogs_id_fk" FOREIGN KEY ("pre_reg_dog_id") REFERENCES "public"."pre_registered_dogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_promotion_codes" ADD CONSTRAINT "ecommerce_promotion_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_promotion_codes" ADD CONSTRAINT "ecommerce_promotion_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_promotion_codes" ADD CONSTRAINT "ecommerce_promotion_codes_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pre_reg_dog_id_pre_registered_dogs_id_fk" FOREIGN KEY ("pre_reg_dog_id") REFERENCES "public"."pre_registered_dogs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ancestry_fulfillments_item_key" ON "ancestry_fulfillments" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "ancestry_fulfillments_status_idx" ON "ancestry_fulfillments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "ancestry_fulfillments_plate_idx" ON "ancestry_fulfillments" USING btree ("ancestry_plate_number");--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "carts_user_idx" ON "carts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecommerce_promotion_codes_code_key" ON "ecommerce_promotion_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "ecommerce_promotion_codes_product_idx" ON "ecommerce_promotion_codes" USING btree ("product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecommerce_promotion_codes_item_key" ON "ecommerce_promotion_codes" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_pet_idx" ON "order_items" USING btree ("pet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_key" ON "orders" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_user_id","order_date");--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("order_date","id");--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","order_date");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree (upper("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "pet_owner_promotion_codes_kind_code_key" ON "pet_owner_promotion_codes" USING btree ("kind",upper("code"));