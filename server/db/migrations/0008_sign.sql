CREATE TABLE "sign_contract_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"operator_user_id" integer,
	"operator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"box_name" text NOT NULL,
	"contract_type" smallint NOT NULL,
	"contract_no" text NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"state_before_invalid" smallint,
	"signature_type" smallint DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"sign_body_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"house_name" text DEFAULT '' NOT NULL,
	"house_building" text DEFAULT '' NOT NULL,
	"house_room_no" text DEFAULT '' NOT NULL,
	"party_a_names" text DEFAULT '' NOT NULL,
	"party_b_names" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"creator_user_id" integer NOT NULL,
	"dept_id" integer,
	"oa_item_id" integer,
	"oa_approval_id" integer,
	"approved" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"invalid_reason" text,
	"credits_held" integer DEFAULT 0 NOT NULL,
	"sign_deadline" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"draft_code" text,
	"print_count" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"sign_time" timestamp with time zone,
	"complete_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"draft_code" text NOT NULL,
	"template_id" integer NOT NULL,
	"content" jsonb NOT NULL,
	"house_name" text DEFAULT '' NOT NULL,
	"house_building" text DEFAULT '' NOT NULL,
	"house_room_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_number_counters" (
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"period" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sign_number_counters_company_id_template_id_period_pk" PRIMARY KEY("company_id","template_id","period")
);
--> statement-breakpoint
CREATE TABLE "sign_operation_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"action" text NOT NULL,
	"content" text NOT NULL,
	"from_state" smallint,
	"to_state" smallint,
	"operator_user_id" integer,
	"operator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"sign_type" smallint NOT NULL,
	"sign_label" text DEFAULT 'fada' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_signatories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"subject_type" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"cert_type" smallint,
	"cert_no" text,
	"hash" text,
	"sign_status" smallint DEFAULT 0 NOT NULL,
	"sign_time" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_template_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"system_key" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"builtin_key" text,
	"state" smallint DEFAULT 1 NOT NULL,
	"signing_initiate_type" jsonb DEFAULT '[1]'::jsonb NOT NULL,
	"mobile_show_style" smallint DEFAULT 1 NOT NULL,
	"number_prefix" text DEFAULT '' NOT NULL,
	"number_date" smallint DEFAULT 1 NOT NULL,
	"number_style" smallint DEFAULT 1 NOT NULL,
	"main_title" text NOT NULL,
	"sub_title" text,
	"show_user" smallint DEFAULT 1 NOT NULL,
	"show_dept" smallint DEFAULT 1 NOT NULL,
	"show_role" smallint DEFAULT 1 NOT NULL,
	"show_sendtime" smallint DEFAULT 1 NOT NULL,
	"show_updatetime" smallint DEFAULT 1 NOT NULL,
	"range_dept_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"range_role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"field_seq" integer DEFAULT 1 NOT NULL,
	"require_flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"use_count" integer DEFAULT 0 NOT NULL,
	"creator_user_id" integer,
	"creator_name" text DEFAULT '系统' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sign_contract_history" ADD CONSTRAINT "sign_contract_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_contract_history" ADD CONSTRAINT "sign_contract_history_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_contract_history" ADD CONSTRAINT "sign_contract_history_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_contracts" ADD CONSTRAINT "sign_contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_contracts" ADD CONSTRAINT "sign_contracts_template_id_sign_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sign_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_contracts" ADD CONSTRAINT "sign_contracts_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_drafts" ADD CONSTRAINT "sign_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_drafts" ADD CONSTRAINT "sign_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_drafts" ADD CONSTRAINT "sign_drafts_template_id_sign_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sign_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_number_counters" ADD CONSTRAINT "sign_number_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_number_counters" ADD CONSTRAINT "sign_number_counters_template_id_sign_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sign_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_operation_logs" ADD CONSTRAINT "sign_operation_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_operation_logs" ADD CONSTRAINT "sign_operation_logs_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_operation_logs" ADD CONSTRAINT "sign_operation_logs_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_settings" ADD CONSTRAINT "sign_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_settings" ADD CONSTRAINT "sign_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_signatories" ADD CONSTRAINT "sign_signatories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_signatories" ADD CONSTRAINT "sign_signatories_contract_id_sign_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sign_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_template_groups" ADD CONSTRAINT "sign_template_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_templates" ADD CONSTRAINT "sign_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_templates" ADD CONSTRAINT "sign_templates_group_id_sign_template_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sign_template_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_templates" ADD CONSTRAINT "sign_templates_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_contract_history_contract_idx" ON "sign_contract_history" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "sign_contracts_company_state_idx" ON "sign_contracts" USING btree ("company_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_contracts_no_uq" ON "sign_contracts" USING btree ("company_id","contract_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_contracts_draft_uq" ON "sign_contracts" USING btree ("company_id","draft_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_drafts_code_uq" ON "sign_drafts" USING btree ("draft_code");--> statement-breakpoint
CREATE INDEX "sign_drafts_user_idx" ON "sign_drafts" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "sign_operation_logs_contract_idx" ON "sign_operation_logs" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "sign_signatories_contract_idx" ON "sign_signatories" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_signatories_hash_uq" ON "sign_signatories" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "sign_template_groups_company_idx" ON "sign_template_groups" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_template_groups_system_uq" ON "sign_template_groups" USING btree ("company_id","system_key");--> statement-breakpoint
CREATE INDEX "sign_templates_company_idx" ON "sign_templates" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_templates_builtin_uq" ON "sign_templates" USING btree ("company_id","builtin_key");