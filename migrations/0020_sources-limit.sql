-- A board takes at most 20 sources (maxSourcesPerBoard in schema/sources.ts).
-- Checked by the database so that two sources added at once cannot pass it.
CREATE TRIGGER `sources_board_limit` BEFORE INSERT ON `sources`
WHEN (SELECT count(*) FROM `sources` WHERE `user_id` = NEW.`user_id`) >= 20
BEGIN
  SELECT RAISE(ABORT, 'sources_full');
END;
