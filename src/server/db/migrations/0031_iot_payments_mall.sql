CREATE TABLE "after_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"service_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"type" smallint NOT NULL,
	"sku_id" integer,
	"qty" integer DEFAULT 0 NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"image" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"review_comment" text,
	"reviewer_name" text,
	"reviewed_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"sim_card_id" integer,
	"iccid" text NOT NULL,
	"msisdn" text,
	"carrier" smallint,
	"package_id" integer,
	"package_name" text NOT NULL,
	"kind" smallint DEFAULT 0 NOT NULL,
	"periods" integer DEFAULT 1 NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"method" smallint DEFAULT 0 NOT NULL,
	"pay_url" text,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"applied" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"mode" smallint DEFAULT 0 NOT NULL,
	"first_unit" double precision DEFAULT 1 NOT NULL,
	"first_price" double precision DEFAULT 0 NOT NULL,
	"add_unit" double precision DEFAULT 1 NOT NULL,
	"add_price" double precision DEFAULT 0 NOT NULL,
	"free_amount" double precision,
	"free_pieces" integer,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"icon" text,
	"image" text,
	"nav" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"specs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"price_fen" integer NOT NULL,
	"qty" integer NOT NULL,
	"returned_qty" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer,
	"buyer_name" text NOT NULL,
	"phone" text NOT NULL,
	"region_code" text NOT NULL,
	"address" text NOT NULL,
	"goods_fen" integer NOT NULL,
	"freight_fen" integer DEFAULT 0 NOT NULL,
	"total_fen" integer NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"method" smallint DEFAULT 0 NOT NULL,
	"payment_no" text,
	"carrier" text,
	"tracking_no" text,
	"remark" text,
	"cancel_reason" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"intro" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_sandbox_orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"currency" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"trade_no" text NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"verified" boolean DEFAULT false NOT NULL,
	"payload" jsonb,
	"result" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"purpose_kind" text NOT NULL,
	"purpose_ref" text NOT NULL,
	"subject" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"method" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"refund_reason" text,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"refund_fulfilled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone,
	"fulfil_lease" timestamp with time zone,
	"user_id" integer,
	"return_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"merchant_id" integer,
	"category_id" integer,
	"name" text NOT NULL,
	"subtitle" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"weight_g" integer DEFAULT 0 NOT NULL,
	"freight_template_id" integer,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"product_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer,
	"order_id" integer,
	"user_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"content" text NOT NULL,
	"image" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"review_reason" text,
	"reviewer_name" text,
	"reviewed_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"specs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"code" text NOT NULL,
	"price_fen" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_skus_stock_nonnegative" CHECK ("product_skus"."stock" >= 0),
	CONSTRAINT "product_skus_price_nonnegative" CHECK ("product_skus"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"operator_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"values" text NOT NULL,
	"note" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_sim_lines" (
	"iccid" text PRIMARY KEY NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"package_code" text,
	"month" text NOT NULL,
	"data_mb" double precision DEFAULT 0 NOT NULL,
	"sms" double precision DEFAULT 0 NOT NULL,
	"voice_min" double precision DEFAULT 0 NOT NULL,
	"grown_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"iccid" text NOT NULL,
	"imsi" text,
	"msisdn" text,
	"device_id" integer,
	"imei" text,
	"supply_code" text,
	"carrier" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"package_id" integer,
	"package_started_at" timestamp with time zone,
	"package_expires_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"usage_month" text,
	"data_used_mb" double precision DEFAULT 0 NOT NULL,
	"sms_used" integer DEFAULT 0 NOT NULL,
	"voice_used_min" integer DEFAULT 0 NOT NULL,
	"usage_synced_at" timestamp with time zone,
	"source" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"price" double precision DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"validity_days" integer DEFAULT 30 NOT NULL,
	"data_mb" integer DEFAULT 0 NOT NULL,
	"multiplier" double precision DEFAULT 1 NOT NULL,
	"sms_count" integer DEFAULT 0 NOT NULL,
	"voice_minutes" integer DEFAULT 0 NOT NULL,
	"card_type" smallint DEFAULT 0 NOT NULL,
	"language" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utility_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"meter_no" text NOT NULL,
	"gateway_imei" text,
	"balance_fen" integer DEFAULT 0 NOT NULL,
	"balance" double precision GENERATED ALWAYS AS ("balance_fen"::float8 / 100) STORED,
	"threshold" double precision DEFAULT 10 NOT NULL,
	"last_reading" double precision,
	"last_read_at" timestamp with time zone,
	"state" smallint DEFAULT 0 NOT NULL,
	"alarm_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utility_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"reading" double precision,
	"delta" double precision,
	"rate" double precision,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"balance_fen" integer NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	"topup_id" integer,
	"user_name" text,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utility_topups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"method" text NOT NULL,
	"order_no" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"credited" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_id_mall_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_templates" ADD CONSTRAINT "freight_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_categories" ADD CONSTRAINT "mall_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_categories" ADD CONSTRAINT "mall_categories_parent_id_mall_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."mall_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order_items" ADD CONSTRAINT "mall_order_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order_items" ADD CONSTRAINT "mall_order_items_order_id_mall_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_products" ADD CONSTRAINT "mall_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_products" ADD CONSTRAINT "mall_products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_products" ADD CONSTRAINT "mall_products_category_id_mall_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."mall_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_banners" ADD CONSTRAINT "product_banners_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_banners" ADD CONSTRAINT "product_banners_product_id_mall_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mall_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_mall_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mall_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_sku_id_product_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."product_skus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_product_id_mall_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mall_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_sku_id_product_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."product_skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_package_id_sim_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sim_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_packages" ADD CONSTRAINT "sim_packages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_accounts" ADD CONSTRAINT "utility_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_accounts" ADD CONSTRAINT "utility_accounts_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_accounts" ADD CONSTRAINT "utility_accounts_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_ledger" ADD CONSTRAINT "utility_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_ledger" ADD CONSTRAINT "utility_ledger_account_id_utility_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."utility_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_topups" ADD CONSTRAINT "utility_topups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_topups" ADD CONSTRAINT "utility_topups_account_id_utility_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."utility_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_service_no_uq" ON "after_sales" USING btree ("service_no");--> statement-breakpoint
CREATE INDEX "after_sales_tenant_idx" ON "after_sales" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "after_sales_tenant_status_idx" ON "after_sales" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "after_sales_tenant_type_idx" ON "after_sales" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "after_sales_tenant_order_no_idx" ON "after_sales" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "after_sales_tenant_created_idx" ON "after_sales" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sales_order_idx" ON "after_sales" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_order_no_uq" ON "bills" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "bills_tenant_idx" ON "bills" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "bills_tenant_order_idx" ON "bills" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "bills_tenant_iccid_idx" ON "bills" USING btree ("tenant_id","iccid");--> statement-breakpoint
CREATE INDEX "bills_tenant_msisdn_idx" ON "bills" USING btree ("tenant_id","msisdn");--> statement-breakpoint
CREATE INDEX "bills_tenant_carrier_idx" ON "bills" USING btree ("tenant_id","carrier");--> statement-breakpoint
CREATE INDEX "bills_tenant_package_idx" ON "bills" USING btree ("tenant_id","package_id");--> statement-breakpoint
CREATE INDEX "bills_tenant_package_name_idx" ON "bills" USING btree ("tenant_id","package_name");--> statement-breakpoint
CREATE INDEX "bills_tenant_kind_idx" ON "bills" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "bills_tenant_status_idx" ON "bills" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "bills_tenant_pay_status_idx" ON "bills" USING btree ("tenant_id","pay_status");--> statement-breakpoint
CREATE INDEX "bills_tenant_method_idx" ON "bills" USING btree ("tenant_id","method");--> statement-breakpoint
CREATE INDEX "bills_tenant_paid_idx" ON "bills" USING btree ("tenant_id","paid_at");--> statement-breakpoint
CREATE INDEX "bills_tenant_created_idx" ON "bills" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_card_idx" ON "bills" USING btree ("sim_card_id","package_id");--> statement-breakpoint
CREATE INDEX "freight_templates_tenant_idx" ON "freight_templates" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "freight_templates_tenant_name_idx" ON "freight_templates" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "freight_templates_tenant_mode_idx" ON "freight_templates" USING btree ("tenant_id","mode");--> statement-breakpoint
CREATE INDEX "mall_categories_tenant_id_idx" ON "mall_categories" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "mall_categories_tenant_sort_idx" ON "mall_categories" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE INDEX "mall_categories_tenant_name_idx" ON "mall_categories" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "mall_categories_tenant_parent_idx" ON "mall_categories" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "mall_categories_tenant_nav_idx" ON "mall_categories" USING btree ("tenant_id","nav");--> statement-breakpoint
CREATE INDEX "mall_order_items_order_idx" ON "mall_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "mall_order_items_tenant_product_idx" ON "mall_order_items" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_orders_order_no_uq" ON "mall_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_idx" ON "mall_orders" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_status_idx" ON "mall_orders" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_buyer_idx" ON "mall_orders" USING btree ("tenant_id","buyer_name");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_order_no_idx" ON "mall_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_created_idx" ON "mall_orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_paid_idx" ON "mall_orders" USING btree ("tenant_id","paid_at");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_method_idx" ON "mall_orders" USING btree ("tenant_id","method");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_region_idx" ON "mall_orders" USING btree ("tenant_id","region_code");--> statement-breakpoint
CREATE INDEX "mall_orders_tenant_tracking_idx" ON "mall_orders" USING btree ("tenant_id","tracking_no");--> statement-breakpoint
CREATE INDEX "mall_orders_status_expires_idx" ON "mall_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "merchants_tenant_id_idx" ON "merchants" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "merchants_tenant_sort_idx" ON "merchants" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE INDEX "merchants_tenant_name_idx" ON "merchants" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "merchants_tenant_status_idx" ON "merchants" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_no","id");--> statement-breakpoint
CREATE INDEX "payment_events_tenant_idx" ON "payment_events" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_no_idx" ON "payments" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "payments_tenant_id_idx" ON "payments" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_created_idx" ON "payments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_tenant_order_no_idx" ON "payments" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "payments_tenant_status_idx" ON "payments" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payments_tenant_method_idx" ON "payments" USING btree ("tenant_id","method","created_at");--> statement-breakpoint
CREATE INDEX "payments_tenant_paid_idx" ON "payments" USING btree ("tenant_id","paid_at");--> statement-breakpoint
CREATE INDEX "payments_tenant_purpose_idx" ON "payments" USING btree ("tenant_id","purpose_kind","purpose_ref");--> statement-breakpoint
CREATE INDEX "payments_tenant_purpose_ref_idx" ON "payments" USING btree ("tenant_id","purpose_ref");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_id_idx" ON "mall_products" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_name_idx" ON "mall_products" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_category_idx" ON "mall_products" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_merchant_idx" ON "mall_products" USING btree ("tenant_id","merchant_id");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_status_idx" ON "mall_products" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_price_idx" ON "mall_products" USING btree ("tenant_id","price_fen");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_sales_idx" ON "mall_products" USING btree ("tenant_id","sales");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_views_idx" ON "mall_products" USING btree ("tenant_id","views");--> statement-breakpoint
CREATE INDEX "mall_products_tenant_created_idx" ON "mall_products" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "product_banners_tenant_id_idx" ON "product_banners" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "product_banners_tenant_sort_idx" ON "product_banners" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE INDEX "product_banners_tenant_title_idx" ON "product_banners" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "product_banners_tenant_product_idx" ON "product_banners" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "product_banners_tenant_status_idx" ON "product_banners" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "product_reviews_tenant_id_idx" ON "product_reviews" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "product_reviews_tenant_product_idx" ON "product_reviews" USING btree ("tenant_id","product_id","state");--> statement-breakpoint
CREATE INDEX "product_reviews_tenant_state_idx" ON "product_reviews" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "product_reviews_tenant_rating_idx" ON "product_reviews" USING btree ("tenant_id","rating");--> statement-breakpoint
CREATE INDEX "product_reviews_tenant_user_idx" ON "product_reviews" USING btree ("tenant_id","user_name");--> statement-breakpoint
CREATE INDEX "product_reviews_tenant_created_idx" ON "product_reviews" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_skus_tenant_code_uq" ON "product_skus" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "product_skus_tenant_id_idx" ON "product_skus" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "product_skus_tenant_product_idx" ON "product_skus" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "product_skus_tenant_stock_idx" ON "product_skus" USING btree ("tenant_id","stock");--> statement-breakpoint
CREATE INDEX "product_skus_tenant_price_idx" ON "product_skus" USING btree ("tenant_id","price_fen");--> statement-breakpoint
CREATE INDEX "product_skus_product_idx" ON "product_skus" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_tenant_sku_idx" ON "stock_movements" USING btree ("tenant_id","sku_id","id");--> statement-breakpoint
CREATE INDEX "product_specs_tenant_id_idx" ON "product_specs" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "product_specs_tenant_sort_idx" ON "product_specs" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE INDEX "product_specs_tenant_name_idx" ON "product_specs" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_cards_tenant_iccid_uq" ON "sim_cards" USING btree ("tenant_id","iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_cards_device_uq" ON "sim_cards" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_idx" ON "sim_cards" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_msisdn_idx" ON "sim_cards" USING btree ("tenant_id","msisdn");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_imei_idx" ON "sim_cards" USING btree ("tenant_id","imei");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_supply_idx" ON "sim_cards" USING btree ("tenant_id","supply_code");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_carrier_idx" ON "sim_cards" USING btree ("tenant_id","carrier");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_state_idx" ON "sim_cards" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_package_idx" ON "sim_cards" USING btree ("tenant_id","package_id");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_expires_idx" ON "sim_cards" USING btree ("tenant_id","package_expires_at");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_opened_idx" ON "sim_cards" USING btree ("tenant_id","opened_at");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_activated_idx" ON "sim_cards" USING btree ("tenant_id","activated_at");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_data_idx" ON "sim_cards" USING btree ("tenant_id","data_used_mb");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_source_idx" ON "sim_cards" USING btree ("tenant_id","source");--> statement-breakpoint
CREATE INDEX "sim_cards_tenant_created_idx" ON "sim_cards" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "sim_cards_iccid_idx" ON "sim_cards" USING btree ("iccid");--> statement-breakpoint
CREATE INDEX "sim_packages_tenant_idx" ON "sim_packages" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "sim_packages_tenant_name_idx" ON "sim_packages" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "sim_packages_tenant_price_idx" ON "sim_packages" USING btree ("tenant_id","price");--> statement-breakpoint
CREATE INDEX "sim_packages_tenant_type_idx" ON "sim_packages" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "sim_packages_tenant_validity_idx" ON "sim_packages" USING btree ("tenant_id","validity_days");--> statement-breakpoint
CREATE INDEX "sim_packages_tenant_data_idx" ON "sim_packages" USING btree ("tenant_id","data_mb");--> statement-breakpoint
CREATE INDEX "sim_packages_tenant_status_idx" ON "sim_packages" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "sim_packages_tenant_created_idx" ON "sim_packages" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "utility_accounts_room_kind_uq" ON "utility_accounts" USING btree ("tenant_id","room_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "utility_accounts_meter_uq" ON "utility_accounts" USING btree ("tenant_id","kind","meter_no");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_id_idx" ON "utility_accounts" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_kind_idx" ON "utility_accounts" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_community_idx" ON "utility_accounts" USING btree ("tenant_id","community_id");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_building_idx" ON "utility_accounts" USING btree ("tenant_id","building_id");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_room_idx" ON "utility_accounts" USING btree ("tenant_id","room_id");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_state_idx" ON "utility_accounts" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_balance_idx" ON "utility_accounts" USING btree ("tenant_id","balance");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_threshold_idx" ON "utility_accounts" USING btree ("tenant_id","threshold");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_meter_idx" ON "utility_accounts" USING btree ("tenant_id","meter_no");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_gateway_idx" ON "utility_accounts" USING btree ("tenant_id","gateway_imei");--> statement-breakpoint
CREATE INDEX "utility_accounts_tenant_read_idx" ON "utility_accounts" USING btree ("tenant_id","last_read_at");--> statement-breakpoint
CREATE INDEX "utility_ledger_account_idx" ON "utility_ledger" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "utility_ledger_tenant_idx" ON "utility_ledger" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "utility_topups_account_idx" ON "utility_topups" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "utility_topups_tenant_idx" ON "utility_topups" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "utility_topups_order_idx" ON "utility_topups" USING btree ("order_no");