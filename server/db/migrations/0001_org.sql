CREATE TABLE "department_details" (
	"department_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"manager_user_id" integer,
	"phone" text,
	"address" text,
	"city_id" integer
);
--> statement-breakpoint
CREATE TABLE "open_cities" (
	"company_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "open_cities_company_id_city_id_pk" PRIMARY KEY("company_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "position_details" (
	"position_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "role_details" (
	"role_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "staff_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sex" smallint DEFAULT 0 NOT NULL,
	"entry_date" date,
	"rank_id" integer,
	"resign_date" date,
	"resigned_at" timestamp with time zone,
	"resign_reason" text,
	"handover_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "department_details" ADD CONSTRAINT "department_details_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_details" ADD CONSTRAINT "department_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_details" ADD CONSTRAINT "department_details_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_cities" ADD CONSTRAINT "open_cities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_details" ADD CONSTRAINT "position_details_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_details" ADD CONSTRAINT "position_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_details" ADD CONSTRAINT "role_details_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_details" ADD CONSTRAINT "role_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_details" ADD CONSTRAINT "staff_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_details" ADD CONSTRAINT "staff_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_details" ADD CONSTRAINT "staff_details_handover_user_id_users_id_fk" FOREIGN KEY ("handover_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_details_company_idx" ON "department_details" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "staff_details_company_idx" ON "staff_details" USING btree ("company_id");