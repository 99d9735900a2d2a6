CREATE TABLE "sandbox_portal_outages" (
	"channel" smallint NOT NULL,
	"company_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_portal_outages_channel_company_id_pk" PRIMARY KEY("channel","company_id")
);
--> statement-breakpoint
INSERT INTO "sandbox_portal_outages" ("channel", "company_id", "until")
SELECT "channel", split_part("key", '-', 1)::integer, "updated_at" FROM "sandbox_portal_listings" WHERE "key" LIKE '%-outage' ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "sandbox_portal_listings" WHERE "key" LIKE '%-outage';
