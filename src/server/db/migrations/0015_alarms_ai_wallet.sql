CREATE TABLE "ai_limit_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"request_id" text,
	"chain_id" integer NOT NULL,
	"base_symbol" text NOT NULL,
	"side" text NOT NULL,
	"from_token" jsonb NOT NULL,
	"to_token" jsonb NOT NULL,
	"from_amount" text NOT NULL,
	"limit_price" double precision NOT NULL,
	"slippage" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"status_reason" text,
	"trigger_price" double precision,
	"txs" jsonb,
	"swap_order_id" text,
	"received_amount" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"executed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_wallet_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"action" text NOT NULL,
	"chain_id" integer,
	"tx_hash" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_wallets" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" "bytea" NOT NULL,
	"sealed_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdraw_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"request_id" text,
	"chain_id" integer NOT NULL,
	"token" jsonb NOT NULL,
	"amount" text NOT NULL,
	"to_address" text NOT NULL,
	"status" text DEFAULT 'awaiting_code' NOT NULL,
	"status_reason" text,
	"usd_value" double precision,
	"raw_tx" text,
	"tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"coin_abbr" text NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"target_price" double precision NOT NULL,
	"percent" double precision,
	"base_price" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" double precision,
	"seen_at" timestamp with time zone,
	"bot_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_limit_orders_order_id_idx" ON "ai_limit_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_limit_orders_user_request_idx" ON "ai_limit_orders" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "ai_limit_orders_user_created_idx" ON "ai_limit_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_limit_orders_open_idx" ON "ai_limit_orders" USING btree ("base_symbol","status");--> statement-breakpoint
CREATE INDEX "ai_wallet_audit_user_idx" ON "ai_wallet_audit" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_wallets_address_idx" ON "ai_wallets" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_withdrawals_withdraw_id_idx" ON "ai_withdrawals" USING btree ("withdraw_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_withdrawals_user_request_idx" ON "ai_withdrawals" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "ai_withdrawals_user_created_idx" ON "ai_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_withdrawals_status_idx" ON "ai_withdrawals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "price_alarms_user_idx" ON "price_alarms" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alarms_above_idx" ON "price_alarms" USING btree ("coin_abbr","target_price") WHERE "price_alarms"."fired_at" is null and "price_alarms"."direction" = 'above';--> statement-breakpoint
CREATE INDEX "price_alarms_below_idx" ON "price_alarms" USING btree ("coin_abbr","target_price") WHERE "price_alarms"."fired_at" is null and "price_alarms"."direction" = 'below';