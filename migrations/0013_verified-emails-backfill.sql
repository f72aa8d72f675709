-- Accounts from before verification: an address that confirmed "Send me updates" followed a link
-- mailed to it (changing the address turns updates off), so it is proven; every other address
-- counts as unverified until its owner follows a new link (the dashboard offers one).
UPDATE `users` SET `email_verified` = 1 WHERE `email_opt_in` = 1;
