/** 验签's limits and words, the same on the page (checked before uploading) and on the server. */
export const maxVerifyFileBytes = 50 * 1024 * 1024;

export const verifyMessages = {
  tooLarge: '文件过大：验签文件不能超过 50 MB',
  notPdf: '不是有效的PDF文件',
  brokenXref: 'PDF文件结构已损坏（交叉引用表无法读取），无法验签',
  noSignature: '该文件没有数字签名',
  noFile: '请选择要验签的文件（验签文件）',
} as const;
