CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"deposit_address" text NOT NULL,
	"order_no" text,
	"amount_micro" bigint,
	"from_address" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"used_plugin" text,
	"block_number" bigint,
	"block_time" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"product_type" text NOT NULL,
	"product_id" integer NOT NULL,
	"price_micro" bigint NOT NULL,
	"price_stars" integer,
	"pay_method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fail_reason" text,
	"telegram_charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unlocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"scenario" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"paid_with" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usdt_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_micro" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_hash_idx" ON "deposits" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "deposits_user_created_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("created_at") WHERE "deposits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_idx" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_telegram_charge_idx" ON "orders" USING btree ("telegram_charge_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unlocks_idempotency_key_idx" ON "unlocks" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "unlocks_user_scenario_idx" ON "unlocks" USING btree ("user_id","scenario","target");--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_ledger_idempotency_key_idx" ON "usdt_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "usdt_ledger_user_created_idx" ON "usdt_ledger" USING btree ("user_id","created_at");