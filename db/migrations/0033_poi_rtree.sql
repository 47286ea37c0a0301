-- The bounding boxes of points of interest (db/schema/poi.ts) in an R-tree, kept in step with poi_objects
-- by triggers so every write path, cascades included, updates it in the same transaction. layer_id is an
-- auxiliary column: a box query of one layer filters on it without reading poi_objects.
CREATE VIRTUAL TABLE `poi_objects_rtree` USING rtree(`id`, `min_lon`, `max_lon`, `min_lat`, `max_lat`, +`layer_id`);
--> statement-breakpoint
CREATE TRIGGER `poi_objects_rtree_insert` AFTER INSERT ON `poi_objects` BEGIN
  INSERT INTO `poi_objects_rtree` VALUES (new.id, new.min_lon, new.max_lon, new.min_lat, new.max_lat, new.layer_id);
END;
--> statement-breakpoint
CREATE TRIGGER `poi_objects_rtree_update` AFTER UPDATE OF `min_lon`, `max_lon`, `min_lat`, `max_lat`, `layer_id` ON `poi_objects` BEGIN
  UPDATE `poi_objects_rtree` SET `min_lon` = new.min_lon, `max_lon` = new.max_lon, `min_lat` = new.min_lat, `max_lat` = new.max_lat, `layer_id` = new.layer_id WHERE `id` = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `poi_objects_rtree_delete` AFTER DELETE ON `poi_objects` BEGIN
  DELETE FROM `poi_objects_rtree` WHERE `id` = old.id;
END;
