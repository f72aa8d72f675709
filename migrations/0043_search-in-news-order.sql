-- Discover's search index rebuilt so that its order is the answer's (docs/decisions/0014): it holds
-- the listed boards only, and each board's rowid is its news key, last_activity_at * 1048576 plus
-- its place among the boards indexed in that millisecond. A search reads its matches by rowid,
-- descending, and stops after a page, however many boards match. The owner's id is a column of
-- its own; `categories` holds the categories of the visible blocks, so a category narrows a search
-- inside the index. Prefix lists of 1 to 8 characters: a word typed letter by letter reads one
-- list, never the lists of every word it begins ("read" over "reading").
DROP TRIGGER `users_search_insert`;--> statement-breakpoint
DROP TRIGGER `users_search_update`;--> statement-breakpoint
DROP TRIGGER `users_search_delete`;--> statement-breakpoint
DROP TRIGGER `blocks_search_insert`;--> statement-breakpoint
DROP TRIGGER `blocks_search_update`;--> statement-breakpoint
DROP TRIGGER `blocks_search_delete`;--> statement-breakpoint
DROP TABLE `board_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `board_search` USING fts5(
  `username`, `display_name`, `bio`, `tagline`, `block_titles`, `categories`,
  `owner_id` UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3 4 5 6 7 8'
);--> statement-breakpoint
INSERT INTO `board_search` (`rowid`, `username`, `display_name`, `bio`, `tagline`, `block_titles`, `categories`, `owner_id`)
SELECT `u`.`last_activity_at` * 1048576
    + row_number() OVER (PARTITION BY `u`.`last_activity_at` ORDER BY `u`.`id`) - 1,
  `u`.`username`, `u`.`display_name`, `u`.`bio`, `u`.`tagline`,
  (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = `u`.`id` AND `is_visible` = 1),
  (SELECT group_concat(DISTINCT `category`) FROM `blocks` WHERE `user_id` = `u`.`id` AND `is_visible` = 1),
  `u`.`id`
FROM `users` `u`
WHERE `u`.`is_public` = 1 AND `u`.`established_at` IS NOT NULL AND `u`.`kept_off_discover` = 0
  AND `u`.`last_activity_at` IS NOT NULL;--> statement-breakpoint
-- A listed board (Discover's `listed`: public, established, not kept off, with news) is written
-- with the next key of its news' millisecond; any other is not written at all.
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users`
WHEN NEW.`is_public` = 1 AND NEW.`established_at` IS NOT NULL AND NEW.`kept_off_discover` = 0
  AND NEW.`last_activity_at` IS NOT NULL
BEGIN
  INSERT INTO `board_search` (`rowid`, `username`, `display_name`, `bio`, `tagline`, `block_titles`, `categories`, `owner_id`)
  SELECT coalesce(max(`rowid`) + 1, NEW.`last_activity_at` * 1048576),
    NEW.`username`, NEW.`display_name`, NEW.`bio`, NEW.`tagline`, NULL, NULL, NEW.`id`
  FROM `board_search`
  WHERE `rowid` BETWEEN NEW.`last_activity_at` * 1048576 AND NEW.`last_activity_at` * 1048576 + 1048575;
END;--> statement-breakpoint
-- News moves the board to the top of the index; a change of its words rewrites it; a board that
-- stops being listed (private, suspended, kept off, showing no block) leaves it at once. While a
-- batch brings many blocks (board_bulk_writes, migration 0041), the titles and categories are left
-- to the batch's end, which writes them once: 20,000 rows each moving the news would otherwise
-- read the whole board 20,000 times. The WHEN lets a news update of an unlisted board touch
-- nothing. Each range is asked only when its ends are known: FTS5 reads a range with a null end
-- as the whole table.
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `username`, `display_name`, `bio`, `tagline`, `is_public`, `established_at`, `kept_off_discover`, `last_activity_at` ON `users`
WHEN (OLD.`is_public` = 1 AND OLD.`established_at` IS NOT NULL AND OLD.`kept_off_discover` = 0
    AND OLD.`last_activity_at` IS NOT NULL)
  OR (NEW.`is_public` = 1 AND NEW.`established_at` IS NOT NULL AND NEW.`kept_off_discover` = 0
    AND NEW.`last_activity_at` IS NOT NULL)
BEGIN
  DELETE FROM `board_search`
  WHERE OLD.`last_activity_at` IS NOT NULL
    AND `rowid` BETWEEN OLD.`last_activity_at` * 1048576 AND OLD.`last_activity_at` * 1048576 + 1048575
    AND `owner_id` = OLD.`id`;
  INSERT INTO `board_search` (`rowid`, `username`, `display_name`, `bio`, `tagline`, `block_titles`, `categories`, `owner_id`)
  SELECT coalesce(max(`rowid`) + 1, NEW.`last_activity_at` * 1048576),
    NEW.`username`, NEW.`display_name`, NEW.`bio`, NEW.`tagline`,
    CASE WHEN NOT EXISTS (SELECT 1 FROM `board_bulk_writes` WHERE `user_id` = NEW.`id`) THEN
      (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = NEW.`id` AND `is_visible` = 1) END,
    CASE WHEN NOT EXISTS (SELECT 1 FROM `board_bulk_writes` WHERE `user_id` = NEW.`id`) THEN
      (SELECT group_concat(DISTINCT `category`) FROM `blocks` WHERE `user_id` = NEW.`id` AND `is_visible` = 1) END,
    NEW.`id`
  FROM `board_search`
  WHERE NEW.`last_activity_at` IS NOT NULL
    AND `rowid` BETWEEN NEW.`last_activity_at` * 1048576 AND NEW.`last_activity_at` * 1048576 + 1048575
  HAVING NEW.`is_public` = 1 AND NEW.`established_at` IS NOT NULL AND NEW.`kept_off_discover` = 0
    AND NEW.`last_activity_at` IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users`
BEGIN
  DELETE FROM `board_search`
  WHERE OLD.`last_activity_at` IS NOT NULL
    AND `rowid` BETWEEN OLD.`last_activity_at` * 1048576 AND OLD.`last_activity_at` * 1048576 + 1048575
    AND `owner_id` = OLD.`id`;
END;--> statement-breakpoint
-- Block titles and categories: only a board in the index (a listed one) is rewritten, found by its
-- news' millisecond, and only by changes to what it shows. A board with no news is in no
-- millisecond: the WHEN spares it the range FTS5 would read as the whole table.
CREATE TRIGGER `blocks_search_insert` AFTER INSERT ON `blocks`
WHEN NEW.`is_visible` = 1
  AND (SELECT `last_activity_at` FROM `users` WHERE `id` = NEW.`user_id`) IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM `board_bulk_writes` WHERE `user_id` = NEW.`user_id`)
BEGIN
  UPDATE `board_search` SET
    `block_titles` = (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1),
    `categories` = (SELECT group_concat(DISTINCT `category`) FROM `blocks` WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1)
  WHERE `rowid` BETWEEN (SELECT `last_activity_at` * 1048576 FROM `users` WHERE `id` = NEW.`user_id`)
      AND (SELECT `last_activity_at` * 1048576 + 1048575 FROM `users` WHERE `id` = NEW.`user_id`)
    AND `owner_id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `blocks_search_update` AFTER UPDATE OF `title`, `is_visible`, `category` ON `blocks`
WHEN (OLD.`title` IS NOT NEW.`title` OR OLD.`is_visible` IS NOT NEW.`is_visible`
    OR OLD.`category` IS NOT NEW.`category`)
  AND (SELECT `last_activity_at` FROM `users` WHERE `id` = NEW.`user_id`) IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM `board_bulk_writes` WHERE `user_id` = NEW.`user_id`)
BEGIN
  UPDATE `board_search` SET
    `block_titles` = (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1),
    `categories` = (SELECT group_concat(DISTINCT `category`) FROM `blocks` WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1)
  WHERE `rowid` BETWEEN (SELECT `last_activity_at` * 1048576 FROM `users` WHERE `id` = NEW.`user_id`)
      AND (SELECT `last_activity_at` * 1048576 + 1048575 FROM `users` WHERE `id` = NEW.`user_id`)
    AND `owner_id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `blocks_search_delete` AFTER DELETE ON `blocks`
WHEN OLD.`is_visible` = 1
  AND (SELECT `last_activity_at` FROM `users` WHERE `id` = OLD.`user_id`) IS NOT NULL
BEGIN
  UPDATE `board_search` SET
    `block_titles` = (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = OLD.`user_id` AND `is_visible` = 1),
    `categories` = (SELECT group_concat(DISTINCT `category`) FROM `blocks` WHERE `user_id` = OLD.`user_id` AND `is_visible` = 1)
  WHERE `rowid` BETWEEN (SELECT `last_activity_at` * 1048576 FROM `users` WHERE `id` = OLD.`user_id`)
      AND (SELECT `last_activity_at` * 1048576 + 1048575 FROM `users` WHERE `id` = OLD.`user_id`)
    AND `owner_id` = OLD.`user_id`;
END;
