CREATE TABLE `deals` (
	`table_id` text NOT NULL,
	`deal_no` integer NOT NULL,
	`record` text NOT NULL,
	`json` text NOT NULL,
	`declarer` integer,
	`game` text,
	`value` integer,
	`list_score` integer,
	`finished_at` integer NOT NULL,
	PRIMARY KEY(`table_id`, `deal_no`),
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `player_tables` (
	`player_id` text NOT NULL,
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`to_move` integer DEFAULT false NOT NULL,
	`deadline_at` integer,
	`deal_no` integer DEFAULT 0 NOT NULL,
	`standing_json` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `table_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `player_tables_turn_idx` ON `player_tables` (`player_id`,`to_move`,`deadline_at`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `seats` (
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`player_id` text,
	`is_bot` integer DEFAULT false NOT NULL,
	`joined_at` integer,
	PRIMARY KEY(`table_id`, `seat`),
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `series_results` (
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`player_id` text,
	`list_total` integer NOT NULL,
	`seeger_fabian` integer NOT NULL,
	`games_won` integer NOT NULL,
	`games_lost` integer NOT NULL,
	`rank` integer NOT NULL,
	PRIMARY KEY(`table_id`, `seat`),
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tables` (
	`id` text PRIMARY KEY NOT NULL,
	`seats` integer NOT NULL,
	`deals` integer NOT NULL,
	`move_hours` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
