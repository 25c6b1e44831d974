CREATE TABLE "ton_proof_payloads" (
	"payload" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ton_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_ton_address_idx" ON "users" USING btree ("ton_address");