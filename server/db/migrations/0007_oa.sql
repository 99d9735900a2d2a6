CREATE TABLE "ledger_contract_tags" (
	"contract_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "ledger_contract_tags_contract_id_tag_id_pk" PRIMARY KEY("contract_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_type" smallint NOT NULL,
	"contract_no" text NOT NULL,
	"state" smallint NOT NULL,
	"frozen_from_state" smallint,
	"house_info" jsonb NOT NULL,
	"house_name" text NOT NULL,
	"parties" jsonb NOT NULL,
	"party_a_name" text NOT NULL,
	"party_a_phone" text,
	"party_b_name" text NOT NULL,
	"party_b_phone" text,
	"transaction" jsonb NOT NULL,
	"rental" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"bankinfo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"furniture" jsonb NOT NULL,
	"remark" text,
	"sign_date" date NOT NULL,
	"user_id" integer NOT NULL,
	"dept_id" integer,
	"sign_contract_id" integer,
	"entry_time" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"url" text NOT NULL,
	"name" text,
	"category_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_state_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"from_state" smallint NOT NULL,
	"to_state" smallint NOT NULL,
	"remark" text,
	"approval_id" integer,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_state_requests" (
	"approval_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"oa_item_id" smallint NOT NULL,
	"from_state" smallint NOT NULL,
	"target_state" smallint NOT NULL,
	"remark" text,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"app_type" smallint NOT NULL,
	"oa_item_id" smallint NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"state" smallint DEFAULT 1 NOT NULL,
	"approvers" jsonb NOT NULL,
	"send_copy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_file_sign_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"oa_state" smallint NOT NULL,
	"approvers" jsonb NOT NULL,
	"send_copy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_instance_steps" (
	"instance_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"company_id" integer NOT NULL,
	"approver_type" smallint NOT NULL,
	"name" text NOT NULL,
	"candidates" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"handler_user_id" integer,
	"remark" text,
	"handled_at" timestamp with time zone,
	CONSTRAINT "oa_instance_steps_instance_id_sort_pk" PRIMARY KEY("instance_id","sort")
);
--> statement-breakpoint
CREATE TABLE "oa_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"oa_approval_id" integer,
	"app_type" smallint NOT NULL,
	"oa_item_id" smallint NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"item_no" text,
	"title" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sponsor_user_id" integer NOT NULL,
	"remark" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"current_step" integer,
	"current_candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"send_copy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entry_time" timestamp with time zone NOT NULL,
	"over_time" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oa_sign_settings" (
	"company_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"oa_state" smallint NOT NULL,
	"approvers" jsonb NOT NULL,
	"send_copy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_sign_settings_company_id_box_id_pk" PRIMARY KEY("company_id","box_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_contract_tags" ADD CONSTRAINT "ledger_contract_tags_contract_id_ledger_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."ledger_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_contract_tags" ADD CONSTRAINT "ledger_contract_tags_tag_id_ledger_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."ledger_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_contract_tags" ADD CONSTRAINT "ledger_contract_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_contracts" ADD CONSTRAINT "ledger_contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_contracts" ADD CONSTRAINT "ledger_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_contracts" ADD CONSTRAINT "ledger_contracts_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_pictures" ADD CONSTRAINT "ledger_pictures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_pictures" ADD CONSTRAINT "ledger_pictures_contract_id_ledger_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."ledger_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_state_records" ADD CONSTRAINT "ledger_state_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_state_records" ADD CONSTRAINT "ledger_state_records_contract_id_ledger_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."ledger_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_state_records" ADD CONSTRAINT "ledger_state_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_state_requests" ADD CONSTRAINT "ledger_state_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_state_requests" ADD CONSTRAINT "ledger_state_requests_contract_id_ledger_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."ledger_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_state_requests" ADD CONSTRAINT "ledger_state_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_tags" ADD CONSTRAINT "ledger_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_approvals" ADD CONSTRAINT "oa_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_approvals" ADD CONSTRAINT "oa_approvals_group_id_oa_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."oa_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_file_sign_settings" ADD CONSTRAINT "oa_file_sign_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_groups" ADD CONSTRAINT "oa_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_instance_steps" ADD CONSTRAINT "oa_instance_steps_instance_id_oa_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."oa_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_instance_steps" ADD CONSTRAINT "oa_instance_steps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_instance_steps" ADD CONSTRAINT "oa_instance_steps_handler_user_id_users_id_fk" FOREIGN KEY ("handler_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_instances" ADD CONSTRAINT "oa_instances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_instances" ADD CONSTRAINT "oa_instances_sponsor_user_id_users_id_fk" FOREIGN KEY ("sponsor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_sign_settings" ADD CONSTRAINT "oa_sign_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_contract_tags_tag_idx" ON "ledger_contract_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "ledger_contracts_company_idx" ON "ledger_contracts" USING btree ("company_id","contract_type","sign_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_contracts_no_uq" ON "ledger_contracts" USING btree ("company_id","contract_no");--> statement-breakpoint
CREATE INDEX "ledger_pictures_contract_idx" ON "ledger_pictures" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "ledger_state_records_contract_idx" ON "ledger_state_records" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "ledger_state_requests_contract_idx" ON "ledger_state_requests" USING btree ("contract_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_tags_company_name_uq" ON "ledger_tags" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "oa_approvals_company_item_uq" ON "oa_approvals" USING btree ("company_id","oa_item_id");--> statement-breakpoint
CREATE INDEX "oa_approvals_group_idx" ON "oa_approvals" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oa_groups_company_name_uq" ON "oa_groups" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "oa_instance_steps_handler_idx" ON "oa_instance_steps" USING btree ("handler_user_id");--> statement-breakpoint
CREATE INDEX "oa_instances_company_idx" ON "oa_instances" USING btree ("company_id","entry_time");--> statement-breakpoint
CREATE UNIQUE INDEX "oa_instances_one_pending_uq" ON "oa_instances" USING btree ("company_id","subject_kind","subject_id") WHERE status = 0;