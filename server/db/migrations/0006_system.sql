CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"version_code" integer NOT NULL,
	"content" text NOT NULL,
	"download_url" text NOT NULL,
	"force_update" smallint DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"cate_alias" text NOT NULL,
	"cate_name" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_states" (
	"user_id" integer NOT NULL,
	"app" integer NOT NULL,
	"upgrade_state" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "upgrade_states_user_id_app_pk" PRIMARY KEY("user_id","app")
);
--> statement-breakpoint
ALTER TABLE "upgrade_states" ADD CONSTRAINT "upgrade_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;