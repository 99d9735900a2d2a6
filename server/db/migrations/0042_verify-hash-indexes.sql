-- 验签 looks an uploaded file's contract up by its SHA-256 in either column (verification-trail.ts).
CREATE INDEX "sign_documents_sealed_sha256_idx" ON "sign_documents" USING btree ("sealed_sha256");--> statement-breakpoint
CREATE INDEX "sign_documents_sha256_idx" ON "sign_documents" USING btree ("sha256");