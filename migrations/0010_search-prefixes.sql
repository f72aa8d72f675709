-- Discover's search index rebuilt with prefix indexes of 1, 2 and 3 characters: a search typed
-- letter by letter ("r", "re", "rea") reads one list per word, which can be read only as far as
-- a page needs, instead of gathering the list of every word the prefix covers (docs/decisions/0014).
-- The triggers of migration 0008 write to the table by name and keep working.
DROP TABLE `board_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `board_search` USING fts5(
  `username`, `display_name`, `bio`, `tagline`, `block_titles`,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);--> statement-breakpoint
INSERT INTO `board_search` (`rowid`, `username`, `display_name`, `bio`, `tagline`, `block_titles`)
SELECT `u`.`id`, `u`.`username`, `u`.`display_name`, `u`.`bio`, `u`.`tagline`,
  (SELECT group_concat(`title`, ' ') FROM `blocks` WHERE `user_id` = `u`.`id` AND `is_visible` = 1)
FROM `users` `u` WHERE `u`.`is_public` = 1;
