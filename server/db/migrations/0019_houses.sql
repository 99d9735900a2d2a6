CREATE TABLE "app_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"app_type" smallint NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_system" smallint DEFAULT 0 NOT NULL,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "app_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"app_type" smallint NOT NULL,
	"item_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"content" text NOT NULL,
	"changes" jsonb,
	"user_id" integer,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"category" smallint NOT NULL,
	"content" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remind_time" timestamp with time zone,
	"user_id" integer,
	"customer_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_key_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"needs_follow_up" smallint DEFAULT 0 NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_push_states" (
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"state" smallint NOT NULL,
	"out_id" text,
	"url" text,
	"message" text,
	"push_time" timestamp with time zone,
	CONSTRAINT "house_push_states_house_id_channel_pk" PRIMARY KEY("house_id","channel")
);
--> statement-breakpoint
CREATE TABLE "house_team" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "houses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_no" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"attribution" smallint NOT NULL,
	"community_id" integer,
	"community_name" text NOT NULL,
	"city_id" integer,
	"district_id" integer,
	"region_id" integer,
	"address" text,
	"building_no" text,
	"unit_no" text,
	"room_no" text,
	"title" text,
	"room" smallint NOT NULL,
	"hall" smallint NOT NULL,
	"bath" smallint NOT NULL,
	"area" double precision NOT NULL,
	"inside_area" double precision,
	"floor" smallint,
	"total_floor" smallint,
	"toward" smallint,
	"renovation" smallint,
	"property" smallint,
	"build_year" integer,
	"elevator" smallint,
	"price" double precision NOT NULL,
	"unit_price" double precision,
	"bottom_price" double precision,
	"payment_method" text,
	"tax_years" smallint,
	"only_house" smallint,
	"owner_name" text NOT NULL,
	"owner_phone" text NOT NULL,
	"certificate_no" text,
	"source" text,
	"level" text,
	"house_state" smallint DEFAULT 1 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"is_key" smallint DEFAULT 0 NOT NULL,
	"is_sole_agency" smallint DEFAULT 0 NOT NULL,
	"is_lock" smallint DEFAULT 0 NOT NULL,
	"is_seal" smallint DEFAULT 0 NOT NULL,
	"is_top" smallint DEFAULT 0 NOT NULL,
	"vr_url" text,
	"fields_list" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rent_info" jsonb,
	"attributor_id" integer,
	"dept_id" integer,
	"entry_user_id" integer,
	"private_since" timestamp with time zone,
	"last_follow_up_at" timestamp with time zone,
	"entry_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"delete_user_id" integer,
	"delete_reason" text
);
--> statement-breakpoint
CREATE TABLE "housing_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"setting" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"slot" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"affected" integer,
	"error" text,
	CONSTRAINT "job_runs_name_slot_pk" PRIMARY KEY("name","slot")
);
--> statement-breakpoint
ALTER TABLE "app_categories" ADD CONSTRAINT "app_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_records" ADD CONSTRAINT "app_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_records" ADD CONSTRAINT "app_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_follow_ups" ADD CONSTRAINT "house_follow_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_follow_ups" ADD CONSTRAINT "house_follow_ups_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_follow_ups" ADD CONSTRAINT "house_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_key_views" ADD CONSTRAINT "house_key_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_key_views" ADD CONSTRAINT "house_key_views_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_key_views" ADD CONSTRAINT "house_key_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_pictures" ADD CONSTRAINT "house_pictures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_pictures" ADD CONSTRAINT "house_pictures_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_pictures" ADD CONSTRAINT "house_pictures_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_push_states" ADD CONSTRAINT "house_push_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_push_states" ADD CONSTRAINT "house_push_states_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_team" ADD CONSTRAINT "house_team_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_team" ADD CONSTRAINT "house_team_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_team" ADD CONSTRAINT "house_team_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_attributor_id_users_id_fk" FOREIGN KEY ("attributor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_entry_user_id_users_id_fk" FOREIGN KEY ("entry_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_delete_user_id_users_id_fk" FOREIGN KEY ("delete_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "housing_settings" ADD CONSTRAINT "housing_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_categories_company_app_idx" ON "app_categories" USING btree ("company_id","app_type","type");--> statement-breakpoint
CREATE INDEX "app_records_item_idx" ON "app_records" USING btree ("company_id","app_type","item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "house_follow_ups_house_idx" ON "house_follow_ups" USING btree ("house_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "house_key_views_user_day_idx" ON "house_key_views" USING btree ("company_id","user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "house_key_views_house_user_idx" ON "house_key_views" USING btree ("house_id","user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "house_pictures_house_idx" ON "house_pictures" USING btree ("house_id","sort");--> statement-breakpoint
CREATE INDEX "house_team_house_idx" ON "house_team" USING btree ("house_id","role");--> statement-breakpoint
CREATE INDEX "houses_company_list_idx" ON "houses" USING btree ("company_id","entry_time" DESC NULLS LAST) WHERE "houses"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "houses_company_community_idx" ON "houses" USING btree ("company_id","community_id");--> statement-breakpoint
CREATE INDEX "houses_default_order_idx" ON "houses" USING btree ("company_id","is_top" DESC NULLS LAST,coalesce("last_follow_up_at", "entry_time") desc,"id" DESC NULLS LAST) WHERE "houses"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "houses_search_idx" ON "houses" USING btree ("company_id","type","community_id","price","area") WHERE "houses"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "houses_free_community_idx" ON "houses" USING btree ("company_id") WHERE "houses"."community_id" IS NULL;--> statement-breakpoint
CREATE INDEX "houses_company_phone_idx" ON "houses" USING btree ("company_id","owner_phone");--> statement-breakpoint
CREATE INDEX "houses_private_due_idx" ON "houses" USING btree ("company_id","attribution","private_since");--> statement-breakpoint
CREATE INDEX "houses_company_deleted_idx" ON "houses" USING btree ("company_id","deleted_at");--> statement-breakpoint
-- Listing limits of the role settings (domain/permission-catalogue.ts), counted in the grant's count.
INSERT INTO "auth_catalogue" ("app_type", "item_id", "auth_id", "parent_auth_id", "name", "has_range", "sort") VALUES
  (1, 0, 15, 1, '公盘上限', false, 13),
  (1, 0, 16, 1, '私盘上限', false, 13),
  (1, 0, 17, 1, '新增楼栋、单元号', false, 13),
  (1, 0, 18, 2, '每日查看上限', false, 13)
ON CONFLICT ("app_type", "item_id", "auth_id") DO UPDATE SET "parent_auth_id" = EXCLUDED."parent_auth_id", "name" = EXCLUDED."name", "has_range" = EXCLUDED."has_range";
