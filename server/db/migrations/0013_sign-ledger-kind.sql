ALTER TABLE "recharge_sign_ledger" ADD COLUMN "kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_sign_ledger" ADD COLUMN "contract_no" text;--> statement-breakpoint
UPDATE "recharge_sign_ledger" SET "kind" = 3, "contract_no" = substr("reason", 6) WHERE "reason" LIKE '发起签署 %';--> statement-breakpoint
UPDATE "recharge_sign_ledger" SET "kind" = 4, "contract_no" = substr("reason", 6) WHERE "reason" LIKE '作废退还 %';--> statement-breakpoint
UPDATE "recharge_sign_ledger" SET "kind" = 2 WHERE "kind" = 1 AND ("reason" LIKE '%赠送%');
