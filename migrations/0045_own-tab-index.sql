-- The owner's tab (hidden blocks among it) read in board order, and its counts, without reading
-- the rest of the board: the dashboard's pages and the owner's board answer.
CREATE INDEX `blocks_own_tab` ON `blocks` (`user_id`,`status`,`position`);
