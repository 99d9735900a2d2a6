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
CREATE INDEX "customer_phone_views_customer_user_idx" ON "customer_phone_views" USING btree ("customer_id","user_id","viewed_at");