-- The recharge catalogue of server/areas/recharge/catalogue.ts (tests/server/recharge.test.ts fails when they differ).
-- Upsert, so re-running or changing prices in a later migration never duplicates a row.
INSERT INTO "recharge_products" ("id", "name", "description", "features", "unit_price_fen", "original_unit_price_fen", "min_account_count", "sign_count_per_year", "app_types", "is_recommended", "is_on_sale", "sort") VALUES
  (1, '基础版', '房源、客源、小区一站式管理，适合起步门店', '["房源管理","客源管理","小区档案","每年赠送签约 20 份"]'::jsonb, 29800, 39800, 5, 20, '[1,2,3]'::jsonb, false, true, 1),
  (2, '营销版', '基础版加房源推广，适合重视获客的门店', '["包含基础版全部功能","房源推广","每年赠送签约 20 份"]'::jsonb, 39800, 49800, 5, 20, '[1,2,3,21]'::jsonb, false, true, 2),
  (3, '签约版', '基础版加电子签约与印章，线上签署买卖、租赁合同', '["包含基础版全部功能","电子签约与快速签署","电子印章","每年赠送签约 100 份"]'::jsonb, 59800, 79800, 5, 100, '[1,2,3,6]'::jsonb, true, true, 3),
  (4, '旗舰版', '全部应用：合同管理、电子签约、房源推广，适合多门店公司', '["包含签约版全部功能","合同管理","房源推广","每年赠送签约 500 份"]'::jsonb, 99800, 129800, 5, 500, '[1,2,3,5,6,21]'::jsonb, false, true, 4)
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "description" = excluded."description", "features" = excluded."features",
  "unit_price_fen" = excluded."unit_price_fen", "original_unit_price_fen" = excluded."original_unit_price_fen",
  "min_account_count" = excluded."min_account_count", "sign_count_per_year" = excluded."sign_count_per_year",
  "app_types" = excluded."app_types", "is_recommended" = excluded."is_recommended", "is_on_sale" = excluded."is_on_sale", "sort" = excluded."sort";
--> statement-breakpoint
INSERT INTO "recharge_sign_prices" ("count", "unit_price_fen", "description") VALUES
  (1, 300, '按份购买'),
  (50, 280, '满 50 份，省 7%'),
  (100, 250, '热销，省 17%'),
  (500, 220, '满 500 份，省 27%'),
  (1000, 190, '满 1000 份，省 37%'),
  (5000, 160, '满 5000 份，省 47%')
ON CONFLICT ("count") DO UPDATE SET "unit_price_fen" = excluded."unit_price_fen", "description" = excluded."description";
