CREATE TABLE "report_shares" (
	"code" text PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"language" text NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_shares_coin_idx" ON "report_shares" USING btree ("coin","created_at");