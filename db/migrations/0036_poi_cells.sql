-- A per-layer pyramid of cluster cells for maps of many objects (src/modules/poi/objects/boxes.ts): at level L the
-- world is 2^L x 2^L cells (L in 3..11), each holding how many objects have their box's centre in it and the sums of
-- those centres (for the mean). Triggers keep it in step with poi_objects in the same transaction, cascades included,
-- so a whole-layer view reads a few thousand cells instead of grouping every object of the layer.
CREATE TABLE `poi_cells` (
  `layer_id` integer NOT NULL,
  `level` integer NOT NULL,
  `cx` integer NOT NULL,
  `cy` integer NOT NULL,
  `count` integer NOT NULL,
  `sum_lon` real NOT NULL,
  `sum_lat` real NOT NULL,
  PRIMARY KEY (`layer_id`, `level`, `cx`, `cy`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `poi_cells` (`layer_id`, `level`, `cx`, `cy`, `count`, `sum_lon`, `sum_lat`)
SELECT o.layer_id, value, min((1 << value) - 1, max(0, cast(((o.min_lon + o.max_lon) / 2 + 180) * (1 << value) / 360 as integer))),
  min((1 << value) - 1, max(0, cast(((o.min_lat + o.max_lat) / 2 + 90) * (1 << value) / 180 as integer))),
  count(*), sum((o.min_lon + o.max_lon) / 2), sum((o.min_lat + o.max_lat) / 2)
FROM `poi_objects` o, json_each('[3,4,5,6,7,8,9,10,11]') GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `poi_cells_insert` AFTER INSERT ON `poi_objects` BEGIN
  INSERT INTO `poi_cells` (`layer_id`, `level`, `cx`, `cy`, `count`, `sum_lon`, `sum_lat`)
  SELECT new.layer_id, value, min((1 << value) - 1, max(0, cast(((new.min_lon + new.max_lon) / 2 + 180) * (1 << value) / 360 as integer))),
    min((1 << value) - 1, max(0, cast(((new.min_lat + new.max_lat) / 2 + 90) * (1 << value) / 180 as integer))),
    1, (new.min_lon + new.max_lon) / 2, (new.min_lat + new.max_lat) / 2 FROM json_each('[3,4,5,6,7,8,9,10,11]') WHERE true
  ON CONFLICT DO UPDATE SET `count` = `count` + 1, `sum_lon` = `sum_lon` + excluded.sum_lon, `sum_lat` = `sum_lat` + excluded.sum_lat;
END;
--> statement-breakpoint
CREATE TRIGGER `poi_cells_update` AFTER UPDATE OF `layer_id`, `min_lon`, `max_lon`, `min_lat`, `max_lat` ON `poi_objects` BEGIN
  UPDATE `poi_cells` SET `count` = `count` - 1, `sum_lon` = `sum_lon` - (old.min_lon + old.max_lon) / 2, `sum_lat` = `sum_lat` - (old.min_lat + old.max_lat) / 2
  WHERE (`layer_id`, `level`, `cx`, `cy`) IN (SELECT old.layer_id, value, min((1 << value) - 1, max(0, cast(((old.min_lon + old.max_lon) / 2 + 180) * (1 << value) / 360 as integer))),
    min((1 << value) - 1, max(0, cast(((old.min_lat + old.max_lat) / 2 + 90) * (1 << value) / 180 as integer))) FROM json_each('[3,4,5,6,7,8,9,10,11]'));
  DELETE FROM `poi_cells` WHERE `count` = 0 AND (`layer_id`, `level`, `cx`, `cy`) IN (SELECT old.layer_id, value, min((1 << value) - 1, max(0, cast(((old.min_lon + old.max_lon) / 2 + 180) * (1 << value) / 360 as integer))),
    min((1 << value) - 1, max(0, cast(((old.min_lat + old.max_lat) / 2 + 90) * (1 << value) / 180 as integer))) FROM json_each('[3,4,5,6,7,8,9,10,11]'));
  INSERT INTO `poi_cells` (`layer_id`, `level`, `cx`, `cy`, `count`, `sum_lon`, `sum_lat`)
  SELECT new.layer_id, value, min((1 << value) - 1, max(0, cast(((new.min_lon + new.max_lon) / 2 + 180) * (1 << value) / 360 as integer))),
    min((1 << value) - 1, max(0, cast(((new.min_lat + new.max_lat) / 2 + 90) * (1 << value) / 180 as integer))),
    1, (new.min_lon + new.max_lon) / 2, (new.min_lat + new.max_lat) / 2 FROM json_each('[3,4,5,6,7,8,9,10,11]') WHERE true
  ON CONFLICT DO UPDATE SET `count` = `count` + 1, `sum_lon` = `sum_lon` + excluded.sum_lon, `sum_lat` = `sum_lat` + excluded.sum_lat;
END;
--> statement-breakpoint
CREATE TRIGGER `poi_cells_delete` AFTER DELETE ON `poi_objects` BEGIN
  UPDATE `poi_cells` SET `count` = `count` - 1, `sum_lon` = `sum_lon` - (old.min_lon + old.max_lon) / 2, `sum_lat` = `sum_lat` - (old.min_lat + old.max_lat) / 2
  WHERE (`layer_id`, `level`, `cx`, `cy`) IN (SELECT old.layer_id, value, min((1 << value) - 1, max(0, cast(((old.min_lon + old.max_lon) / 2 + 180) * (1 << value) / 360 as integer))),
    min((1 << value) - 1, max(0, cast(((old.min_lat + old.max_lat) / 2 + 90) * (1 << value) / 180 as integer))) FROM json_each('[3,4,5,6,7,8,9,10,11]'));
  DELETE FROM `poi_cells` WHERE `count` = 0 AND (`layer_id`, `level`, `cx`, `cy`) IN (SELECT old.layer_id, value, min((1 << value) - 1, max(0, cast(((old.min_lon + old.max_lon) / 2 + 180) * (1 << value) / 360 as integer))),
    min((1 << value) - 1, max(0, cast(((old.min_lat + old.max_lat) / 2 + 90) * (1 << value) / 180 as integer))) FROM json_each('[3,4,5,6,7,8,9,10,11]'));
END;
