/**
 * 验签 as the API answers it: the verifier's report in the contract's words (Chinese status texts,
 * times in the product's format) and, for a contract of this product, its audit trail. Nothing of
 * the upload is stored.
 */
import type { Db } from '../../db/db';
import { businessError } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { readAuthorityCertificates } from '../signing/trusted-roots';
import { findContractTrail } from '../signing/verification-trail';
import type { components } from '../../../openapi/generated/api';
import {
  VerifyInputError,
  VerifyMessages,
  verifyPdfSignatures,
  type Coverage,
  type SignatureReport,
  type SignatureStatus,
} from './pdf-signatures';

type VerifyReport = components['schemas']['VerifyReport'];
type VerifiedSignature = VerifyReport['signatures'][number];

const statusTexts: Record<SignatureStatus, string> = {
  valid: '有效',
  modified: '已被修改',
  unknownIssuer: '未知签发机构',
  invalid: '签名无效',
};

const coverageTexts: Record<Coverage, string> = {
  whole: '签名覆盖整个文档',
  laterSignatures: '签名后仅追加了后续签署，签名所覆盖的内容未被修改',
  modifiedAfter: '签名后文档被修改',
};

const unknownIssuer = '未知签发机构';

function displayTime(iso: string | null): string | null {
  return iso ? formatDateTime(new Date(iso)) : null;
}

function signatureView(signature: SignatureReport): VerifiedSignature {
  const issuerNames = signature.issuers.map((issuer) => issuer.commonName || issuer.organization);
  return {
    index: signature.index,
    kind: signature.kind,
    subFilter: signature.subFilter,
    signerName: signature.signer?.commonName ?? '',
    signerOrganization: signature.signer?.organization ?? '',
    issuers: signature.issuers,
    isTrusted: signature.isTrusted,
    issuerText: signature.isTrusted ? issuerNames.join(' → ') : unknownIssuer,
    signingTime: displayTime(signature.signingTime),
    timestamp: signature.timestamp
      ? {
          authority: signature.timestamp.authority,
          genTime: formatDateTime(new Date(signature.timestamp.genTime)),
          isImprintMatching: signature.timestamp.isImprintMatching,
          isTokenValid: signature.timestamp.isTokenValid,
          isTrusted: signature.timestamp.isTrusted,
        }
      : null,
    isIntact: signature.isIntact,
    isSignatureValid: signature.isSignatureValid,
    coverage: signature.coverage,
    coverageText: coverageTexts[signature.coverage],
    status: signature.status,
    statusText: statusTexts[signature.status],
    problem: signature.problem,
    reason: signature.reason,
    location: signature.location,
  };
}

function summaryOf(signatures: SignatureReport[]): string {
  if (signatures.length === 0) return VerifyMessages.noSignature;
  const valid = signatures.filter((signature) => signature.status === 'valid').length;
  if (valid === signatures.length) return `共 ${signatures.length} 个签名，均有效`;
  const modified = signatures.filter((signature) => signature.status === 'modified').length;
  const parts = [`共 ${signatures.length} 个签名`, `${valid} 个有效`];
  if (modified > 0) parts.push(`${modified} 个显示签名后文档被修改`);
  return parts.join('，');
}

export async function verifyUploadedPdf(
  db: Db,
  file: { fileName: string; data: Buffer },
): Promise<VerifyReport> {
  const anchors = await readAuthorityCertificates(db);
  let report;
  try {
    report = await verifyPdfSignatures(file.data, anchors);
  } catch (error) {
    if (error instanceof VerifyInputError) throw businessError(error.message);
    throw error;
  }
  // Only a signature the product's own certificates made may name a contract of the product.
  const productWords = report.signatures
    .filter((signature) => signature.isTrusted && signature.isIntact && signature.isSignatureValid)
    .flatMap((signature) => `${signature.reason} ${signature.name}`.split(/\s+/));
  const contract = await findContractTrail(db, {
    sha256: report.sha256,
    revisionSha256s: report.signatures.map((signature) => signature.revisionSha256),
    productWords,
  });
  return {
    fileName: file.fileName,
    fileSize: report.fileSize,
    sha256: report.sha256,
    summary: summaryOf(report.signatures),
    signatures: report.signatures.map(signatureView),
    contract,
  };
}
