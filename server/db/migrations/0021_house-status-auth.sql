-- Listing status permissions of the role settings (domain/permission-catalogue.ts): the chosen statuses are the grant's contents.
INSERT INTO "auth_catalogue" ("app_type", "item_id", "auth_id", "parent_auth_id", "name", "has_range", "sort") VALUES
  (1, 0, 19, 2, '仅可查看所选出售状态', false, 13),
  (1, 0, 20, 5, '仅可修改所选出售状态', false, 13),
  (1, 0, 21, 2, '仅可查看所选出租状态', false, 13),
  (1, 0, 22, 5, '仅可修改所选出租状态', false, 13)
ON CONFLICT ("app_type", "item_id", "auth_id") DO UPDATE SET "parent_auth_id" = EXCLUDED."parent_auth_id", "name" = EXCLUDED."name", "has_range" = EXCLUDED."has_range";
