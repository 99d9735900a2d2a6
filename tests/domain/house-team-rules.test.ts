import { describe, expect, it } from 'vitest';
import {
  isSoleAgentUploadHidden,
  maintainerLimitMessage,
  maintainerLimitRefusal,
  maySurveyorMaterialChange,
  surveyorMaterialRefusal,
} from '../../domain/house-team-rules';

describe('house team rules', () => {
  describe('查看独家人上传资料 (24)', () => {
    const upload = { uploaderId: 7, soleAgentId: 7, viewerId: 9, mayViewSoleAgentUploads: false };

    it('hides a picture the exclusive agent uploaded from a viewer without 24', () => {
      expect(isSoleAgentUploadHidden(upload)).toBe(true);
    });

    it('shows it to the exclusive agent himself and to a holder of 24', () => {
      expect(isSoleAgentUploadHidden({ ...upload, viewerId: 7 })).toBe(false);
      expect(isSoleAgentUploadHidden({ ...upload, mayViewSoleAgentUploads: true })).toBe(false);
    });

    it('shows pictures of other uploaders, and every picture of a listing without an exclusive agent', () => {
      expect(isSoleAgentUploadHidden({ ...upload, uploaderId: 8 })).toBe(false);
      expect(isSoleAgentUploadHidden({ ...upload, uploaderId: null })).toBe(false);
      expect(isSoleAgentUploadHidden({ ...upload, soleAgentId: null, uploaderId: null })).toBe(false);
    });
  });

  describe('实勘人全部资料编辑、删除 (23)', () => {
    const edit = { surveyorId: 5, editorId: 6, mayEditSurveyorMaterial: false };

    it('refuses another person without 23 the surveyor’s pictures', () => {
      expect(maySurveyorMaterialChange(edit)).toBe(false);
    });

    it('allows the surveyor, a holder of 23, and anyone when there is no surveyor', () => {
      expect(maySurveyorMaterialChange({ ...edit, editorId: 5 })).toBe(true);
      expect(maySurveyorMaterialChange({ ...edit, mayEditSurveyorMaterial: true })).toBe(true);
      expect(maySurveyorMaterialChange({ ...edit, surveyorId: null })).toBe(true);
    });

    it('names the permission in its refusal', () => {
      expect(surveyorMaterialRefusal).toBe(
        '您没有权限编辑、删除实勘人上传的资料（实勘人全部资料编辑、删除）',
      );
    });
  });

  describe('限制维护人数量 (25)', () => {
    it('has no cap without a count', () => {
      expect(maintainerLimitRefusal({ maintainerCount: 50, limit: null })).toBeNull();
    });

    it('allows one more maintainer up to the count, the 归属人 included', () => {
      expect(maintainerLimitRefusal({ maintainerCount: 2, limit: 3 })).toBeNull();
    });

    it('refuses the one that would pass the count, naming it', () => {
      expect(maintainerLimitRefusal({ maintainerCount: 3, limit: 3 })).toBe('该房源维护人已达上限（3 人）');
      expect(maintainerLimitRefusal({ maintainerCount: 4, limit: 3 })).toBe('该房源维护人已达上限（3 人）');
      expect(maintainerLimitMessage(2)).toBe('该房源维护人已达上限（2 人）');
    });
  });
});
