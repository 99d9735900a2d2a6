/**
 * Team collaboration permissions on a listing's materials (001 section 3 "Listing permission
 * options per role", team): 实勘人全部资料编辑、删除 (23) and 查看独家人上传资料 (24). The server
 * enforces them on housingEdit and housingDetail; the client hides with the same functions.
 */

/** A picture uploaded by the listing's exclusive agent is shown to that agent and to holders of 24. */
export function isSoleAgentUploadHidden(input: {
  uploaderId: number | null;
  soleAgentId: number | null;
  viewerId: number;
  mayViewSoleAgentUploads: boolean;
}): boolean {
  if (input.soleAgentId === null || input.uploaderId !== input.soleAgentId) return false;
  return input.viewerId !== input.soleAgentId && !input.mayViewSoleAgentUploads;
}

/** Changing or deleting the surveyor's pictures is for the surveyor and holders of 23. */
export function maySurveyorMaterialChange(input: {
  surveyorId: number | null;
  editorId: number;
  mayEditSurveyorMaterial: boolean;
}): boolean {
  return input.surveyorId === null || input.editorId === input.surveyorId || input.mayEditSurveyorMaterial;
}

export const surveyorMaterialRefusal = '您没有权限编辑、删除实勘人上传的资料（实勘人全部资料编辑、删除）';

/**
 * 限制维护人数量 (25, a count): a listing may have several maintainers (维护人): its 归属人 and
 * further 协同维护人. A person whose role holds 25 with a count N may not make them more than N,
 * the 归属人 included. No grant, or no count: no cap. Returns the refusal, or null.
 */
export function maintainerLimitRefusal(input: {
  maintainerCount: number;
  limit: number | null;
}): string | null {
  if (input.limit === null || input.maintainerCount + 1 <= input.limit) return null;
  return maintainerLimitMessage(input.limit);
}

export function maintainerLimitMessage(limit: number): string {
  return `该房源维护人已达上限（${limit} 人）`;
}
