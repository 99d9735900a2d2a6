/**
 * The signing area's answer to 验签: which of the product's contracts an uploaded file is, and that
 * contract's audit trail as 签署证明 prints it, without the source IP or the details (which may hold
 * masked ID numbers). A file matches by the SHA-256 of the whole file or of a signed revision of it
 * against the stored document, or by the contract number a signature made with the product's own
 * certificates names (the caller passes only the words of those signatures).
 */
import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { signContracts } from '../../db/schema-sign';
import { signDocuments } from '../../db/schema-signing';
import { formatDateTime } from '../../format';
import { companyNameOf } from '../sign/contracts';
import { listAudit } from './documents';

export type VerifiedContractTrail = {
  contractNo: string;
  title: string;
  companyName: string;
  matchedBy: 'file' | 'revision' | 'contractNo';
  events: {
    createTime: string;
    actor: string;
    action: string;
    hashBefore: string | null;
    hashAfter: string | null;
  }[];
};

async function trailOf(
  db: Db,
  contractId: number,
  matchedBy: VerifiedContractTrail['matchedBy'],
): Promise<VerifiedContractTrail | null> {
  const [contract] = await db
    .select({
      companyId: signContracts.companyId,
      contractNo: signContracts.contractNo,
      title: signContracts.boxName,
    })
    .from(signContracts)
    .where(eq(signContracts.id, contractId));
  if (!contract) return null;
  const events = await listAudit(db, contract.companyId, contractId);
  return {
    contractNo: contract.contractNo,
    title: contract.title,
    companyName: await companyNameOf(db, contract.companyId),
    matchedBy,
    events: events.map((event) => ({
      createTime: formatDateTime(event.createdAt),
      actor: event.actor,
      action: event.action,
      hashBefore: event.hashBefore,
      hashAfter: event.hashAfter,
    })),
  };
}

export async function findContractTrail(
  db: Db,
  file: { sha256: string; revisionSha256s: string[]; productWords: string[] },
): Promise<VerifiedContractTrail | null> {
  const hashes = [...new Set([file.sha256, ...file.revisionSha256s])];
  const documents = await db
    .select({
      contractId: signDocuments.contractId,
      sha256: signDocuments.sha256,
      sealedSha256: signDocuments.sealedSha256,
    })
    .from(signDocuments)
    .where(or(inArray(signDocuments.sealedSha256, hashes), inArray(signDocuments.sha256, hashes)));
  const whole = documents.find(
    (document) => document.sealedSha256 === file.sha256 || document.sha256 === file.sha256,
  );
  if (whole) return trailOf(db, whole.contractId, 'file');
  if (documents.length === 1) return trailOf(db, documents[0]!.contractId, 'revision');
  // Words of the product's own signatures' /Reason and /Name ("Contract <number> signed by …").
  const words = [...new Set(file.productWords.filter((word) => word.length >= 4 && word.length <= 64))];
  if (words.length === 0) return null;
  const contracts = await db
    .select({ id: signContracts.id })
    .from(signContracts)
    .where(inArray(signContracts.contractNo, words.slice(0, 50)));
  // The number is unique per company only: two companies' contracts of one number match neither.
  return contracts.length === 1 ? trailOf(db, contracts[0]!.id, 'contractNo') : null;
}
