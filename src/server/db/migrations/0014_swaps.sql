CREATE TABLE "swap_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"request_id" text,
	"type" text DEFAULT 'market' NOT NULL,
	"source" text NOT NULL,
	"from_chain_id" integer NOT NULL,
	"to_chain_id" integer NOT NULL,
	"from_token" jsonb NOT NULL,
	"to_token" jsonb NOT NULL,
	"from_amount" text NOT NULL,
	"to_amount" text NOT NULL,
	"to_amount_min" text NOT NULL,
	"received_amount" text,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"txs" jsonb NOT NULL,
	"approve_hash" text,
	"transfer_out_hash" text,
	"transfer_in_hash" text,
	"status" text DEFAULT 'awaiting_deposit' NOT NULL,
	"status_reason" text,
	"usd_value" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "swap_quotes" (
	"quote_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"source" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "swap_orders_order_id_idx" ON "swap_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_orders_user_request_idx" ON "swap_orders" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_orders_transfer_out_idx" ON "swap_orders" USING btree ("transfer_out_hash");--> statement-breakpoint
CREATE INDEX "swap_orders_user_created_idx" ON "swap_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "swap_orders_status_idx" ON "swap_orders" USING btree ("status","checked_at");--> statement-breakpoint
CREATE INDEX "swap_quotes_expires_idx" ON "swap_quotes" USING btree ("expires_at");