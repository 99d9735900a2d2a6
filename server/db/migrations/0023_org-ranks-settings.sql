CREATE TABLE "manage_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "rank_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"rank_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"remark" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manage_settings" ADD CONSTRAINT "manage_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manage_settings" ADD CONSTRAINT "manage_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_groups" ADD CONSTRAINT "rank_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranks" ADD CONSTRAINT "ranks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranks" ADD CONSTRAINT "ranks_rank_group_id_rank_groups_id_fk" FOREIGN KEY ("rank_group_id") REFERENCES "public"."rank_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rank_groups_company_name_uq" ON "rank_groups" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "ranks_group_name_uq" ON "ranks" USING btree ("rank_group_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "ranks_group_level_uq" ON "ranks" USING btree ("rank_group_id","level");--> statement-breakpoint
CREATE INDEX "ranks_company_idx" ON "ranks" USING btree ("company_id");--> statement-breakpoint
-- Rank ids were kept as given before ranks were stored; none can name a rank yet.
UPDATE "staff_details" SET "rank_id" = NULL WHERE "rank_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_details" ADD CONSTRAINT "staff_details_rank_id_ranks_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."ranks"("id") ON DELETE set null ON UPDATE no action;