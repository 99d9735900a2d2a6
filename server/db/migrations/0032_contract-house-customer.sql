ALTER TABLE "sign_contracts" ADD COLUMN "house_id" integer;--> statement-breakpoint
ALTER TABLE "sign_contracts" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "sign_contracts" ADD COLUMN "deal_applied" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_contracts_house_idx" ON "sign_contracts" USING btree ("company_id","house_id");--> statement-breakpoint
CREATE INDEX "sign_contracts_customer_idx" ON "sign_contracts" USING btree ("company_id","customer_id");