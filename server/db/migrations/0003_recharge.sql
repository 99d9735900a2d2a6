CREATE TABLE "recharge_accounts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"sign_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_accounts_sign_count_ck" CHECK ("recharge_accounts"."sign_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recharge_company_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" integer,
	"account_count" integer NOT NULL,
	"duration" integer NOT NULL,
	"sign_count" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"coupon_type" smallint NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"discount_percent" integer DEFAULT 100 NOT NULL,
	"threshold_fen" integer DEFAULT 0 NOT NULL,
	"goods_type" smallint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" integer,
	"description" text,
	"gift_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"gift_type" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"coupon" jsonb,
	"sign_count" integer,
	"expire_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"goods_type" smallint NOT NULL,
	"title" text NOT NULL,
	"purchase_type" smallint,
	"product_id" integer,
	"package_id" integer,
	"account_count" integer,
	"duration" integer,
	"sign_count" integer,
	"quantity" integer NOT NULL,
	"original_fen" integer NOT NULL,
	"coupon_fen" integer DEFAULT 0 NOT NULL,
	"total_fen" integer NOT NULL,
	"coupon_id" integer,
	"payment_type" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recharge_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"features" jsonb NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"original_unit_price_fen" integer,
	"min_account_count" integer NOT NULL,
	"sign_count_per_year" integer NOT NULL,
	"app_types" jsonb NOT NULL,
	"is_recommended" boolean DEFAULT false NOT NULL,
	"is_on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_seat_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"order_id" integer,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_sign_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"gift_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_sign_prices" (
	"count" integer PRIMARY KEY NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_trials" (
	"company_id" integer NOT NULL,
	"app_type" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"user_id" integer,
	CONSTRAINT "recharge_trials_company_id_app_type_pk" PRIMARY KEY("company_id","app_type")
);
--> statement-breakpoint
ALTER TABLE "recharge_accounts" ADD CONSTRAINT "recharge_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_company_packages" ADD CONSTRAINT "recharge_company_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_company_packages" ADD CONSTRAINT "recharge_company_packages_product_id_recharge_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."recharge_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_company_packages" ADD CONSTRAINT "recharge_company_packages_order_id_recharge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."recharge_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_coupons" ADD CONSTRAINT "recharge_coupons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_coupons" ADD CONSTRAINT "recharge_coupons_order_id_recharge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."recharge_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_gifts" ADD CONSTRAINT "recharge_gifts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_product_id_recharge_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."recharge_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_seat_addons" ADD CONSTRAINT "recharge_seat_addons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_seat_addons" ADD CONSTRAINT "recharge_seat_addons_package_id_recharge_company_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."recharge_company_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_seat_addons" ADD CONSTRAINT "recharge_seat_addons_order_id_recharge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."recharge_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_sign_ledger" ADD CONSTRAINT "recharge_sign_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_sign_ledger" ADD CONSTRAINT "recharge_sign_ledger_order_id_recharge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."recharge_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_trials" ADD CONSTRAINT "recharge_trials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_trials" ADD CONSTRAINT "recharge_trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recharge_company_packages_company_idx" ON "recharge_company_packages" USING btree ("company_id","ends_at");--> statement-breakpoint
CREATE INDEX "recharge_coupons_company_idx" ON "recharge_coupons" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "recharge_gifts_company_idx" ON "recharge_gifts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_number_uq" ON "recharge_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "recharge_orders_company_idx" ON "recharge_orders" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "recharge_seat_addons_company_idx" ON "recharge_seat_addons" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "recharge_sign_ledger_company_idx" ON "recharge_sign_ledger" USING btree ("company_id");