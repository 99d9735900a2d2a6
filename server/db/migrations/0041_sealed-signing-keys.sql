-- The signing keys are sealed by the key vault (server/areas/signing/key-vault.ts); rows still in
-- clear are sealed by the boot step (protectSigningKeys) on the first start after this migration.
ALTER TABLE "signing_authorities" RENAME COLUMN "key_pem" TO "key_sealed";--> statement-breakpoint
ALTER TABLE "signing_company_certs" RENAME COLUMN "p12_base64" TO "p12_sealed";--> statement-breakpoint
ALTER TABLE "signing_company_certs" RENAME COLUMN "p12_password" TO "p12_password_sealed";
