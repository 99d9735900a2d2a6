CREATE TABLE "sign_number_sequences" (
	"company_id" integer NOT NULL,
	"scope" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sign_number_sequences_company_id_scope_pk" PRIMARY KEY("company_id","scope")
);
--> statement-breakpoint
ALTER TABLE "sign_number_sequences" ADD CONSTRAINT "sign_number_sequences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;