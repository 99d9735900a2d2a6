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
