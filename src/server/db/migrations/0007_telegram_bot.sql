CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"telegram_user_id" bigint,
	"user_id" bigint,
	"language_code" text,
	"language" text,
	"digest_subscribed" integer DEFAULT 0 NOT NULL,
	"digest_hour" integer DEFAULT 8 NOT NULL,
	"digest_sent_on" date,
	"active" integer DEFAULT 1 NOT NULL,
	"inactive_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_inline_choices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"result_id" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_referrals" (
	"telegram_user_id" bigint PRIMARY KEY NOT NULL,
	"invitation_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telegram_chats_user_idx" ON "telegram_chats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telegram_chats_digest_idx" ON "telegram_chats" USING btree ("digest_hour") WHERE "telegram_chats"."digest_subscribed" = 1;--> statement-breakpoint
CREATE INDEX "telegram_inline_choices_user_idx" ON "telegram_inline_choices" USING btree ("telegram_user_id","created_at");--> statement-breakpoint
CREATE INDEX "telegram_updates_received_idx" ON "telegram_updates" USING btree ("received_at");