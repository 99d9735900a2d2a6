/**
 * Uploading and deleting a ledger contract's pictures (合同图片). The seed only reads them
 * (contractPictureV2); without an upload a company that sets 必备附件 could never move its
 * contracts on. A picture's category is one of the required attachments or 其他, and the state
 * change check (contract-settings/settings.ts) counts the categories. Files are content-addressed,
 * so a retried submit of the same file to the same contract and category finds the first picture.
 */
import { and, eq } from 'drizzle-orm';
import { companyRow, inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { ledgerContracts, ledgerPictures, ledgerStateRecords } from '../../db/schema-contract';
import { ApiError, Codes, businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session, UploadedFile } from '../../contract/types';
import type { FileKind, FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import { ContractAuth } from '../../../domain/auth-ids';
import { readContractSetting } from '../contract-settings/settings';
import { findVisibleContract, type LedgerType } from './contracts';
import { requireContractAuth } from './scope';

export const pictureKinds: readonly FileKind[] = ['jpg', 'png', 'webp'];
export const pictureMaxBytes = 10 * 1024 * 1024;
/** The category for a picture that is none of the required attachments. */
export const otherCategory = '其他';
const pictureTitle = '合同图片';

/** Adding pictures is part of entering the contract: the same permission as 新增买卖/租赁合同. */
async function requirePictureAuth(db: Db, session: Session, type: LedgerType): Promise<void> {
  await requireContractAuth(db, session, type === 1 ? ContractAuth.addSale : ContractAuth.addRent);
}

type PictureRow = typeof ledgerPictures.$inferSelect;

function toPicture(row: PictureRow) {
  return {
    pictureId: row.id,
    url: row.url,
    name: row.name,
    categoryName: row.categoryName,
    createTime: formatDateTime(row.createdAt),
  };
}

/** The visible contract, locked for this transaction so that two submits of one picture queue. */
async function lockContract(tx: Db, session: Session, type: LedgerType, contractId: number) {
  const row = await findVisibleContract(tx, session, type, contractId);
  await tx
    .select({ id: ledgerContracts.id })
    .from(ledgerContracts)
    .where(and(eq(ledgerContracts.id, row.id), inCompany(ledgerContracts, session.companyId)))
    .for('update');
  return row;
}

async function saveFile(files: FileStorage, file: UploadedFile) {
  try {
    return await files.save(file.data, file.fileName, pictureKinds, pictureMaxBytes);
  } catch (error) {
    if (error instanceof ApiError && error.code === Codes.business)
      throw businessError(`${pictureTitle}：${error.message}`);
    throw error;
  }
}

export async function uploadPicture(
  db: Db,
  storage: FileStorage,
  session: Session,
  body: BodyOf<'contractPictureUpload'>,
  uploaded: UploadedFile[],
  now: Date,
) {
  const type = body.contractType;
  await requirePictureAuth(db, session, type);
  const [file, ...rest] = uploaded.filter((part) => part.fieldName === 'file');
  if (!file) throw businessError(`请选择${pictureTitle}`);
  if (rest.length > 0) throw businessError(`${pictureTitle}每次只能上传一张`);
  const categoryName = body.categoryName.trim();
  const { requiredAttachments } = await readContractSetting(db, session.companyId);
  if (categoryName !== otherCategory && !requiredAttachments.includes(categoryName))
    throw businessError(`图片类别须为必备附件之一或 ${otherCategory}`);
  return db.transaction(async (tx) => {
    const contract = await lockContract(tx, session, type, body.contractId);
    const stored = await saveFile(storage.within(tx), file);
    const [existing] = await tx
      .select()
      .from(ledgerPictures)
      .where(
        and(
          eq(ledgerPictures.contractId, contract.id),
          inCompany(ledgerPictures, session.companyId),
          eq(ledgerPictures.url, stored.url),
          eq(ledgerPictures.categoryName, categoryName),
        ),
      );
    if (existing) return toPicture(existing);
    const name = file.fileName.trim().slice(0, 100) || categoryName;
    const [row] = await tx
      .insert(ledgerPictures)
      .values(
        companyRow(session.companyId, {
          contractId: contract.id,
          url: stored.url,
          name,
          categoryName,
          createdAt: now,
        }),
      )
      .returning();
    await tx.insert(ledgerStateRecords).values(
      companyRow(session.companyId, {
        contractId: contract.id,
        fromState: contract.state,
        toState: contract.state,
        remark: `上传合同图片：${categoryName}`,
        userId: session.userId,
        createdAt: now,
      }),
    );
    if (!row) throw new Error('ledger picture insert returned no row');
    return toPicture(row);
  });
}

export async function deletePicture(
  db: Db,
  session: Session,
  body: BodyOf<'contractPictureDelete'>,
  now: Date,
): Promise<void> {
  await requirePictureAuth(db, session, body.contractType);
  await db.transaction(async (tx) => {
    const contract = await lockContract(tx, session, body.contractType, body.contractId);
    const [picture] = await tx
      .delete(ledgerPictures)
      .where(
        and(
          eq(ledgerPictures.id, body.pictureId),
          eq(ledgerPictures.contractId, contract.id),
          inCompany(ledgerPictures, session.companyId),
        ),
      )
      .returning();
    if (!picture) throw notFound('图片不存在或已被删除');
    await tx.insert(ledgerStateRecords).values(
      companyRow(session.companyId, {
        contractId: contract.id,
        fromState: contract.state,
        toState: contract.state,
        remark: `删除合同图片：${picture.categoryName ?? '未分类'}`,
        userId: session.userId,
        createdAt: now,
      }),
    );
  });
}
