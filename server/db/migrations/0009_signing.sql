CREATE TABLE "sign_audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"signatory_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"hash_before" text,
	"hash_after" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_bodies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"etcomid" text NOT NULL,
	"agent_code" text,
	"corp_name" text NOT NULL,
	"corp_ident_no" text NOT NULL,
	"corp_ident_type" smallint NOT NULL,
	"corp_ident_method" smallint NOT NULL,
	"legal_rep_name" text NOT NULL,
	"legal_phone" text NOT NULL,
	"opr_user_name" text,
	"opr_user_ident_no" text,
	"opr_user_mobile" text,
	"license_url" text NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"fail_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_documents" (
	"contract_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"slots" jsonb NOT NULL,
	"sealed_file_name" text,
	"sealed_sha256" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_face_checks" (
	"face_id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"id_no" text NOT NULL,
	"hash" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_seals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sign_body_id" integer NOT NULL,
	"seal_type" smallint NOT NULL,
	"title" text NOT NULL,
	"image_name" text NOT NULL,
	"vector_name" text,
	"source" smallint NOT NULL,
	"auth_free_until" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"signatory_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"image_name" text,
	"seal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_authorities" (
	"key" text PRIMARY KEY NOT NULL,
	"cert_pem" text NOT NULL,
	"key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_company_certs" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"cert_pem" text NOT NULL,
	"p12_base64" text NOT NULL,
	"p12_password" text NOT NULL,
	"serial" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_audit_events" ADD CONSTRAINT "sign_audit_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_bodies" ADD CONSTRAINT "sign_bodies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_documents" ADD CONSTRAINT "sign_documents_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_documents" ADD CONSTRAINT "sign_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_face_checks" ADD CONSTRAINT "sign_face_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_seals" ADD CONSTRAINT "sign_seals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_seals" ADD CONSTRAINT "sign_seals_sign_body_id_sign_bodies_id_fk" FOREIGN KEY ("sign_body_id") REFERENCES "public"."sign_bodies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_signatures" ADD CONSTRAINT "sign_signatures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_signatures" ADD CONSTRAINT "sign_signatures_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_signatures" ADD CONSTRAINT "sign_signatures_signatory_id_sign_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."sign_signatories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_company_certs" ADD CONSTRAINT "signing_company_certs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_audit_events_contract_idx" ON "sign_audit_events" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_bodies_company_ident_uq" ON "sign_bodies" USING btree ("company_id","corp_ident_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_bodies_etcomid_uq" ON "sign_bodies" USING btree ("etcomid");--> statement-breakpoint
CREATE INDEX "sign_seals_company_idx" ON "sign_seals" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_signatures_signatory_uq" ON "sign_signatures" USING btree ("signatory_id");--> statement-breakpoint
CREATE FUNCTION "sign_audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'sign_audit_events is append-only'; END; $$;--> statement-breakpoint
CREATE TRIGGER "sign_audit_events_no_change" BEFORE UPDATE OR DELETE ON "sign_audit_events" FOR EACH ROW EXECUTE FUNCTION "sign_audit_events_append_only"();
