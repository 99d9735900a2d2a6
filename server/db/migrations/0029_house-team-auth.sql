-- Team permissions on listing materials (domain/permission-catalogue.ts, domain/house-team-rules.ts):
-- 实勘人全部资料编辑、删除 and 查看独家人上传资料, after 移除协作人.
INSERT INTO "auth_catalogue" ("app_type", "item_id", "auth_id", "parent_auth_id", "name", "has_range", "sort") VALUES
  (1, 0, 23, NULL, '实勘人全部资料编辑、删除', false, 13),
  (1, 0, 24, NULL, '查看独家人上传资料', false, 13)
ON CONFLICT ("app_type", "item_id", "auth_id") DO UPDATE SET "parent_auth_id" = EXCLUDED."parent_auth_id", "name" = EXCLUDED."name", "has_range" = EXCLUDED."has_range";
