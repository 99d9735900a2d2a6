CREATE TABLE "company_profiles" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"short_name" text,
	"logo" text,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"province_id" integer,
	"city_id" integer,
	"district_id" integer,
	"address" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;