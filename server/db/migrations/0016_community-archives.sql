CREATE TABLE "community_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"alias" text,
	"address" text,
	"build_year" integer,
	"developer" text,
	"property_company" text,
	"property_phone" text,
	"property_fee" double precision,
	"total_buildings" integer,
	"total_households" integer,
	"parking_spaces" integer,
	"greening_rate" double precision,
	"plot_ratio" double precision,
	"buildings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"update_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"url" text NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"city_id" integer NOT NULL,
	"district_id" integer,
	"region_id" integer,
	"region_name" text,
	"address" text,
	"lng" double precision,
	"lat" double precision,
	"build_year" integer,
	"developer" text,
	"property_company" text,
	"property_fee" double precision,
	"building_type" text,
	"total_buildings" integer,
	"total_households" integer,
	"greening_rate" double precision,
	"plot_ratio" double precision,
	"parking_spaces" integer,
	"avg_unit_price" double precision,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_archives" ADD CONSTRAINT "community_archives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_archives" ADD CONSTRAINT "community_archives_community_id_platform_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."platform_communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_archives" ADD CONSTRAINT "community_archives_update_user_id_users_id_fk" FOREIGN KEY ("update_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_pictures" ADD CONSTRAINT "community_pictures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_pictures" ADD CONSTRAINT "community_pictures_community_id_platform_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."platform_communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_pictures" ADD CONSTRAINT "community_pictures_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_archives_company_community_key" ON "community_archives" USING btree ("company_id","community_id");--> statement-breakpoint
CREATE INDEX "community_pictures_company_community_idx" ON "community_pictures" USING btree ("company_id","community_id","type");--> statement-breakpoint
CREATE INDEX "platform_communities_city_idx" ON "platform_communities" USING btree ("city_id","district_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_communities_city_name_key" ON "platform_communities" USING btree ("city_id","name");