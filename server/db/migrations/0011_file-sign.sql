CREATE TABLE "file_sign_actors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"actor_type" smallint NOT NULL,
	"sort_no" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"contacts_id" integer,
	"fill_methods" smallint,
	"cert_type" smallint,
	"cert_no" text,
	"crop_name" text,
	"complete" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_sign_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"cert_type" smallint,
	"cert_no" text,
	"crop_name" text DEFAULT '' NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_sign_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"sys_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"file_name" text NOT NULL,
	"pdf_name" text NOT NULL,
	"pages" jsonb NOT NULL,
	"contract_name" text NOT NULL,
	"sign_deadline" integer DEFAULT 7 NOT NULL,
	"sign_order" smallint DEFAULT 2 NOT NULL,
	"show_sign_date" smallint DEFAULT 1 NOT NULL,
	"watermark_type" smallint DEFAULT 2 NOT NULL,
	"watermark" text DEFAULT '' NOT NULL,
	"positions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contract_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_sign_actors" ADD CONSTRAINT "file_sign_actors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_sign_actors" ADD CONSTRAINT "file_sign_actors_record_id_file_sign_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."file_sign_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_sign_contacts" ADD CONSTRAINT "file_sign_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_sign_contacts" ADD CONSTRAINT "file_sign_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_sign_records" ADD CONSTRAINT "file_sign_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_sign_records" ADD CONSTRAINT "file_sign_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_sign_records" ADD CONSTRAINT "file_sign_records_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_sign_actors_record_idx" ON "file_sign_actors" USING btree ("record_id","sort_no");--> statement-breakpoint
CREATE UNIQUE INDEX "file_sign_contacts_uq" ON "file_sign_contacts" USING btree ("company_id","user_id","kind","crop_name","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "file_sign_records_sys_uq" ON "file_sign_records" USING btree ("sys_id");--> statement-breakpoint
CREATE INDEX "file_sign_records_user_idx" ON "file_sign_records" USING btree ("company_id","user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "file_sign_records_contract_uq" ON "file_sign_records" USING btree ("contract_id");