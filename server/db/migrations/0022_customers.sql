CREATE TABLE "customer_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"category" smallint NOT NULL,
	"content" text NOT NULL,
	"house_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visit_time" timestamp with time zone,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"setting" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_no" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"attribution" smallint NOT NULL,
	"name" text NOT NULL,
	"gender" smallint,
	"phones" jsonb NOT NULL,
	"phone" text NOT NULL,
	"wechat" text,
	"source" text,
	"level" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"deal_status" smallint DEFAULT 0 NOT NULL,
	"price_min" double precision,
	"price_max" double precision,
	"area_min" double precision,
	"area_max" double precision,
	"demand" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attributor_id" integer,
	"dept_id" integer,
	"entry_user_id" integer,
	"private_since" timestamp with time zone,
	"last_follow_up_at" timestamp with time zone,
	"last_visit_at" timestamp with time zone,
	"deal_at" timestamp with time zone,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"entry_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_follow_ups" ADD CONSTRAINT "customer_follow_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_follow_ups" ADD CONSTRAINT "customer_follow_ups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_follow_ups" ADD CONSTRAINT "customer_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_settings" ADD CONSTRAINT "customer_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_attributor_id_users_id_fk" FOREIGN KEY ("attributor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_entry_user_id_users_id_fk" FOREIGN KEY ("entry_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_follow_ups_customer_idx" ON "customer_follow_ups" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_company_list_idx" ON "customers" USING btree ("company_id","attribution",coalesce("last_follow_up_at", "entry_time") desc,"id" DESC NULLS LAST) WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_company_phone_idx" ON "customers" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "customers_attributor_idx" ON "customers" USING btree ("company_id","attributor_id");