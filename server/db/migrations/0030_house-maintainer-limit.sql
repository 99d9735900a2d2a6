-- Team permission 限制维护人数量 (domain/permission-catalogue.ts, domain/house-team-rules.ts), under
-- 分配协作人: the grant's count caps how many maintainers one listing may have.
INSERT INTO "auth_catalogue" ("app_type", "item_id", "auth_id", "parent_auth_id", "name", "has_range", "sort") VALUES
  (1, 0, 25, 13, '限制维护人数量', false, 13)
ON CONFLICT ("app_type", "item_id", "auth_id") DO UPDATE SET "parent_auth_id" = EXCLUDED."parent_auth_id", "name" = EXCLUDED."name", "has_range" = EXCLUDED."has_range";
