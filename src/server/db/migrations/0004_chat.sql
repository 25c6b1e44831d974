CREATE TABLE "chat_groups" (
	"msggroup" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"content" text NOT NULL,
	"agent_id" text DEFAULT '' NOT NULL,
	"img" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"code" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"msggroup" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"model" integer NOT NULL,
	"status" text NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"related" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_shares" (
	"code" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"msggroup" text NOT NULL,
	"messages" jsonb NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"text" text,
	"pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_msggroup_chat_groups_msggroup_fk" FOREIGN KEY ("msggroup") REFERENCES "chat_groups"("msggroup") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_groups_owner_updated_idx" ON "chat_groups" USING btree ("owner","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_group_seq_idx" ON "chat_messages" USING btree ("msggroup","seq");--> statement-breakpoint
CREATE INDEX "chat_uploads_owner_idx" ON "chat_uploads" USING btree ("owner");