CREATE TABLE "broker_bindings" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"account" text NOT NULL,
	"phone" text NOT NULL,
	"store_name" text NOT NULL,
	"out_broker_id" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	CONSTRAINT "broker_bindings_user_id_channel_pk" PRIMARY KEY("user_id","channel")
);
--> statement-breakpoint
CREATE TABLE "portal_pushes" (
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"house_type" smallint NOT NULL,
	"state" smallint NOT NULL,
	"out_id" text,
	"url" text,
	"message" text,
	"listing" jsonb NOT NULL,
	"user_id" integer,
	"view_count" integer DEFAULT 0 NOT NULL,
	"lead_count" integer DEFAULT 0 NOT NULL,
	"push_time" timestamp with time zone,
	"update_time" timestamp with time zone,
	CONSTRAINT "portal_pushes_house_id_channel_pk" PRIMARY KEY("house_id","channel")
);
--> statement-breakpoint
CREATE TABLE "push_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_portal_listings" (
	"channel" smallint NOT NULL,
	"key" text NOT NULL,
	"out_id" text NOT NULL,
	"state" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"price" double precision,
	"views" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_portal_listings_channel_key_pk" PRIMARY KEY("channel","key")
);
--> statement-breakpoint
ALTER TABLE "broker_bindings" ADD CONSTRAINT "broker_bindings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_bindings" ADD CONSTRAINT "broker_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_pushes" ADD CONSTRAINT "portal_pushes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_pushes" ADD CONSTRAINT "portal_pushes_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_pushes" ADD CONSTRAINT "portal_pushes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_pushes_list_idx" ON "portal_pushes" USING btree ("company_id","channel","house_type","state");--> statement-breakpoint
CREATE UNIQUE INDEX "push_jobs_open_idx" ON "push_jobs" USING btree ("house_id","channel") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "push_jobs_due_idx" ON "push_jobs" USING btree ("status","run_after");