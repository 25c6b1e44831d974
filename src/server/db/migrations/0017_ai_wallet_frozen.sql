CREATE TABLE "ai_wallet_frozen" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"amount" text NOT NULL,
	"from_address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_wallet_scan" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_wallet_frozen_transfer_idx" ON "ai_wallet_frozen" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "ai_wallet_frozen_user_idx" ON "ai_wallet_frozen" USING btree ("user_id");