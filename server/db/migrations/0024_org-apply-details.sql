ALTER TABLE "org_applies" ADD COLUMN "rank_id" integer;--> statement-breakpoint
ALTER TABLE "org_applies" ADD COLUMN "sex" smallint;--> statement-breakpoint
ALTER TABLE "org_applies" ADD COLUMN "entry_date" date;--> statement-breakpoint
ALTER TABLE "org_applies" ADD CONSTRAINT "org_applies_rank_id_ranks_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."ranks"("id") ON DELETE set null ON UPDATE no action;