/** 验签: open to anyone (security: [] in the contract), nothing stored. */
import type { HandlerMap } from '../../contract/types';
import { businessError } from '../../contract/envelope';
import { verifyUploadedPdf } from './verification';
import { verifyMessages } from '../../../domain/pdf-verification';

export const verifyHandlers = {
  async verifyPdfSignatures({ files }, context) {
    const file = files.find((item) => item.fieldName === 'file');
    if (!file || file.data.length === 0) throw businessError(verifyMessages.noFile);
    return { data: await verifyUploadedPdf(context.db, { fileName: file.fileName, data: file.data }) };
  },
} satisfies HandlerMap;
