CREATE TABLE "collect_saves" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"gather_id" bigint NOT NULL,
	"house_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"setting" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_archives" ADD COLUMN "create_user_id" integer;--> statement-breakpoint
ALTER TABLE "collect_saves" ADD CONSTRAINT "collect_saves_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_saves" ADD CONSTRAINT "collect_saves_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_saves" ADD CONSTRAINT "collect_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_settings" ADD CONSTRAINT "estate_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collect_saves_company_gather_key" ON "collect_saves" USING btree ("company_id","gather_id");--> statement-breakpoint
CREATE INDEX "collect_saves_company_user_idx" ON "collect_saves" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
ALTER TABLE "community_archives" ADD CONSTRAINT "community_archives_create_user_id_users_id_fk" FOREIGN KEY ("create_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "community_archives" SET "create_user_id" = "update_user_id" WHERE "create_user_id" IS NULL;
