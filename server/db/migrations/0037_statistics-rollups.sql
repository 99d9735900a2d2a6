CREATE TABLE "statistics_changed_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "statistics_changed_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "statistics_daily" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"measure" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "statistics_daily_company_id_day_user_id_measure_pk" PRIMARY KEY("company_id","day","user_id","measure")
);
--> statement-breakpoint
CREATE TABLE "statistics_daily_company" (
	"company_id" integer NOT NULL,
	"measure" smallint NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "statistics_daily_company_company_id_measure_day_pk" PRIMARY KEY("company_id","measure","day")
);
--> statement-breakpoint
CREATE TABLE "statistics_rollups" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"rolled_until" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statistics_changed_days" ADD CONSTRAINT "statistics_changed_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_daily" ADD CONSTRAINT "statistics_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_daily_company" ADD CONSTRAINT "statistics_daily_company_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_rollups" ADD CONSTRAINT "statistics_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The statistics' roll-ups (issue 36, docs/management.md). Indexes for counting one company's raw
-- rows of a time range (the open days, and the roll-up job's days): the tables' own indexes are per
-- listing or customer. They are written here, not in schema-house.ts / schema-customer.ts, beside
-- the triggers drizzle does not model.
-- The statistics read a company's per-person roll-ups of some measures over a range of days from the
-- index alone.
CREATE INDEX IF NOT EXISTS "statistics_daily_covering_idx" ON "statistics_daily" ("company_id", "measure", "day", "user_id") INCLUDE ("n");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "houses_company_entry_time_idx" ON "houses" ("company_id", "entry_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_company_entry_time_idx" ON "customers" ("company_id", "entry_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "house_follow_ups_company_time_idx" ON "house_follow_ups" ("company_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_follow_ups_company_time_idx" ON "customer_follow_ups" ("company_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "house_team_company_time_idx" ON "house_team" ("company_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "app_records_company_time_idx" ON "app_records" ("company_id", "app_type", "created_at");--> statement-breakpoint
-- A raw row inserted, changed or deleted on a day already rolled up marks that day changed: the
-- statistics count it raw and the job rolls it up again (server/areas/management/statistics-rollup.ts).
CREATE OR REPLACE FUNCTION statistics_mark_day(company integer, at timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO statistics_changed_days (company_id, day)
  SELECT company, (at AT TIME ZONE 'Asia/Shanghai')::date
  FROM statistics_rollups r
  WHERE r.company_id = company AND (at AT TIME ZONE 'Asia/Shanghai')::date < r.rolled_until
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- TG_ARGV[0]: the column that dates the row (entry_time, created_at).
CREATE OR REPLACE FUNCTION statistics_mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM statistics_mark_day(OLD.company_id, (to_jsonb(OLD) ->> TG_ARGV[0])::timestamptz);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM statistics_mark_day(NEW.company_id, (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER houses_statistics_changed AFTER INSERT OR DELETE OR UPDATE OF company_id, type, entry_user_id, entry_time
  ON houses FOR EACH ROW EXECUTE FUNCTION statistics_mark_changed('entry_time');--> statement-breakpoint
CREATE TRIGGER customers_statistics_changed AFTER INSERT OR DELETE OR UPDATE OF company_id, entry_user_id, entry_time
  ON customers FOR EACH ROW EXECUTE FUNCTION statistics_mark_changed('entry_time');--> statement-breakpoint
CREATE TRIGGER house_follow_ups_statistics_changed AFTER INSERT OR DELETE OR UPDATE OF company_id, category, user_id, created_at
  ON house_follow_ups FOR EACH ROW EXECUTE FUNCTION statistics_mark_changed('created_at');--> statement-breakpoint
CREATE TRIGGER customer_follow_ups_statistics_changed AFTER INSERT OR DELETE OR UPDATE OF company_id, category, user_id, created_at
  ON customer_follow_ups FOR EACH ROW EXECUTE FUNCTION statistics_mark_changed('created_at');--> statement-breakpoint
CREATE TRIGGER house_team_statistics_changed AFTER INSERT OR DELETE OR UPDATE OF company_id, role, user_id, created_at
  ON house_team FOR EACH ROW EXECUTE FUNCTION statistics_mark_changed('created_at');--> statement-breakpoint
CREATE TRIGGER app_records_statistics_changed AFTER INSERT OR DELETE OR UPDATE OF company_id, app_type, type, content, user_id, created_at
  ON app_records FOR EACH ROW EXECUTE FUNCTION statistics_mark_changed('created_at');
