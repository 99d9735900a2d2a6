CREATE TABLE "login_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"user_name" text NOT NULL,
	"ip" text NOT NULL,
	"platform" text DEFAULT 'pc' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"login_type" smallint NOT NULL,
	"result" smallint NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_records" ADD CONSTRAINT "login_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_records" ADD CONSTRAINT "login_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_records_user_name_idx" ON "login_records" USING btree ("user_name","created_at");--> statement-breakpoint
CREATE INDEX "login_records_company_idx" ON "login_records" USING btree ("company_id","created_at");