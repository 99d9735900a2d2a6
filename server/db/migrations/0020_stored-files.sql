CREATE TABLE "stored_files" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
