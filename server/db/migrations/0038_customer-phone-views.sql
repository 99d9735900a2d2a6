CREATE TABLE "customer_phone_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_phone_views" ADD CONSTRAINT "customer_phone_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_phone_views" ADD CONSTRAINT "customer_phone_views_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_phone_views" ADD CONSTRAINT "customer_phone_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_phone_views_user_day_idx" ON "customer_phone_views" USING btree ("company_id","user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "customer_phone_views_customer_user_idx" ON "customer_phone_views" USING btree ("customer_id","user_id","viewed_at");--> statement-breakpoint
-- Customer permission 每日查看客户电话上限 (domain/permission-catalogue.ts), under 查看客源: the
-- grant's count caps the protected customer phones one may view a day.
INSERT INTO "auth_catalogue" ("app_type", "item_id", "auth_id", "parent_auth_id", "name", "has_range", "sort") VALUES
  (2, 0, 207, 202, '每日查看客户电话上限', false, 20)
ON CONFLICT ("app_type", "item_id", "auth_id") DO UPDATE SET "parent_auth_id" = EXCLUDED."parent_auth_id", "name" = EXCLUDED."name", "has_range" = EXCLUDED."has_range";
