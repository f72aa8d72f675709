-- users.last_activity_at: when the latest story event of one of the board's visible blocks
-- happened (ms), or null while the board shows no block. Discover ranks and pages boards by it.
UPDATE `users` SET `last_activity_at` = (
  SELECT max(`e`.`at`) FROM `block_story_events` `e`
  JOIN `blocks` `b` ON `b`.`id` = `e`.`block_id`
  WHERE `e`.`user_id` = `users`.`id` AND `b`.`is_visible` = 1
);--> statement-breakpoint
-- A new event of a visible block is the board's latest news (events arrive in time order): no
-- need to look at the others.
CREATE TRIGGER `story_events_last_activity` AFTER INSERT ON `block_story_events`
WHEN EXISTS (SELECT 1 FROM `blocks` WHERE `id` = NEW.`block_id` AND `is_visible` = 1)
BEGIN
  UPDATE `users` SET `last_activity_at` = NEW.`at`
  WHERE `id` = NEW.`user_id` AND (`last_activity_at` IS NULL OR `last_activity_at` < NEW.`at`);
END;--> statement-breakpoint
-- A block shown, hidden or deleted changes which events count: the board's latest is read again
-- from (user_id, at) backwards, stopping at the first event of a visible block.
CREATE TRIGGER `blocks_visibility_last_activity` AFTER UPDATE OF `is_visible` ON `blocks`
WHEN OLD.`is_visible` IS NOT NEW.`is_visible`
BEGIN
  UPDATE `users` SET `last_activity_at` = (
    SELECT `e`.`at` FROM `block_story_events` `e`
    JOIN `blocks` `b` ON `b`.`id` = `e`.`block_id`
    WHERE `e`.`user_id` = NEW.`user_id` AND `b`.`is_visible` = 1
    ORDER BY `e`.`at` DESC LIMIT 1
  ) WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `blocks_delete_last_activity` AFTER DELETE ON `blocks`
BEGIN
  UPDATE `users` SET `last_activity_at` = (
    SELECT `e`.`at` FROM `block_story_events` `e`
    JOIN `blocks` `b` ON `b`.`id` = `e`.`block_id`
    WHERE `e`.`user_id` = OLD.`user_id` AND `b`.`is_visible` = 1
    ORDER BY `e`.`at` DESC LIMIT 1
  ) WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
-- Discover's search: one row per public board (rowid = the user's id), its owner's words and the
-- titles of its visible blocks. Private boards and hidden blocks are never in it, so no query can
-- find them. `wrangler d1 export` refuses a database holding a virtual table (backups are D1 Time
-- Travel's); the index can be rebuilt from users and blocks (docs/decisions/0014).
CREATE VIRTUAL TABLE `board_search` USING fts5(
  `username`, `display_name`, `bio`, `tagline`, `block_titles`,
  tokenize = 'unicode61 remove_diacritics 2'
);--> statement-breakpoint
INSERT INTO `board_search` (`rowid`, `username`, `display_name`, `bio`, `tagline`, `block_titles`)
SELECT `u`.`id`, `u`.`username`, `u`.`display_name`, `u`.`bio`, `u`.`tagline`,
  (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = `u`.`id` AND `is_visible` = 1)
FROM `users` `u` WHERE `u`.`is_public` = 1;--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` WHEN NEW.`is_public` = 1
BEGIN
  INSERT INTO `board_search` (`rowid`, `username`, `display_name`, `bio`, `tagline`, `block_titles`)
  VALUES (NEW.`id`, NEW.`username`, NEW.`display_name`, NEW.`bio`, NEW.`tagline`, NULL);
END;--> statement-breakpoint
-- A board going private leaves the index at once; going public, it comes back with its titles.
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `username`, `display_name`, `bio`, `tagline`, `is_public` ON `users`
WHEN OLD.`username` IS NOT NEW.`username` OR OLD.`display_name` IS NOT NEW.`display_name`
  OR OLD.`bio` IS NOT NEW.`bio` OR OLD.`tagline` IS NOT NEW.`tagline`
  OR OLD.`is_public` IS NOT NEW.`is_public`
BEGIN
  DELETE FROM `board_search` WHERE `rowid` = OLD.`id`;
  INSERT INTO `board_search` (`rowid`, `username`, `display_name`, `bio`, `tagline`, `block_titles`)
  SELECT NEW.`id`, NEW.`username`, NEW.`display_name`, NEW.`bio`, NEW.`tagline`,
    (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = NEW.`id` AND `is_visible` = 1)
  WHERE NEW.`is_public` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users`
BEGIN
  DELETE FROM `board_search` WHERE `rowid` = OLD.`id`;
END;--> statement-breakpoint
-- Block titles: only a board in the index (a public one) is rewritten, and only by changes to what
-- it holds: a visible block added, a title or visibility changed, a block deleted.
CREATE TRIGGER `blocks_search_insert` AFTER INSERT ON `blocks` WHEN NEW.`is_visible` = 1
BEGIN
  UPDATE `board_search` SET `block_titles` =
    (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1)
  WHERE `rowid` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `blocks_search_update` AFTER UPDATE OF `title`, `is_visible` ON `blocks`
WHEN OLD.`title` IS NOT NEW.`title` OR OLD.`is_visible` IS NOT NEW.`is_visible`
BEGIN
  UPDATE `board_search` SET `block_titles` =
    (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1)
  WHERE `rowid` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `blocks_search_delete` AFTER DELETE ON `blocks` WHEN OLD.`is_visible` = 1
BEGIN
  UPDATE `board_search` SET `block_titles` =
    (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = OLD.`user_id` AND `is_visible` = 1)
  WHERE `rowid` = OLD.`user_id`;
END;
