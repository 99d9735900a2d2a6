CREATE TABLE "contract_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"setting" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_settings" ADD CONSTRAINT "contract_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;