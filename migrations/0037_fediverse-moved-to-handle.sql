ALTER TABLE `fediverse_account_moves` ADD `moved_to_handle` text;
