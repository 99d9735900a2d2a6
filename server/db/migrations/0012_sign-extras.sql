CREATE TABLE "sign_follow_up_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"content" text NOT NULL,
	"pictures" jsonb NOT NULL,
	"operator_user_id" integer NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_picture_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"url" text NOT NULL,
	"uploader_user_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_print_files" (
	"contract_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"content_version" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_print_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"reason" text,
	"operator_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_follow_up_categories" ADD CONSTRAINT "sign_follow_up_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_follow_ups" ADD CONSTRAINT "sign_follow_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_follow_ups" ADD CONSTRAINT "sign_follow_ups_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_follow_ups" ADD CONSTRAINT "sign_follow_ups_category_id_sign_follow_up_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."sign_follow_up_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_follow_ups" ADD CONSTRAINT "sign_follow_ups_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_picture_categories" ADD CONSTRAINT "sign_picture_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_pictures" ADD CONSTRAINT "sign_pictures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_pictures" ADD CONSTRAINT "sign_pictures_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_pictures" ADD CONSTRAINT "sign_pictures_category_id_sign_picture_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."sign_picture_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_pictures" ADD CONSTRAINT "sign_pictures_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_print_files" ADD CONSTRAINT "sign_print_files_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_print_files" ADD CONSTRAINT "sign_print_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_print_records" ADD CONSTRAINT "sign_print_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_print_records" ADD CONSTRAINT "sign_print_records_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_print_records" ADD CONSTRAINT "sign_print_records_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_follow_up_categories_name_uq" ON "sign_follow_up_categories" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "sign_follow_ups_contract_idx" ON "sign_follow_ups" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_follow_ups_request_uq" ON "sign_follow_ups" USING btree ("company_id","operator_user_id","request_id");--> statement-breakpoint
CREATE INDEX "sign_picture_categories_company_idx" ON "sign_picture_categories" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sign_pictures_contract_idx" ON "sign_pictures" USING btree ("contract_id","category_id");--> statement-breakpoint
CREATE INDEX "sign_print_records_contract_idx" ON "sign_print_records" USING btree ("contract_id","id");