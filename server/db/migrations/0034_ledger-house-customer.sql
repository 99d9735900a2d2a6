ALTER TABLE "ledger_contracts" ADD COLUMN "house_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_contracts" ADD COLUMN "customer_id" integer;--> statement-breakpoint
CREATE INDEX "ledger_contracts_house_idx" ON "ledger_contracts" USING btree ("company_id","house_id");--> statement-breakpoint
CREATE INDEX "ledger_contracts_customer_idx" ON "ledger_contracts" USING btree ("company_id","customer_id");