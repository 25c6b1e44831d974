CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_no" text NOT NULL,
	"user_id" text,
	"seriousness" integer NOT NULL,
	"type" text NOT NULL,
	"bug_location" text,
	"content" text NOT NULL,
	"contact" text NOT NULL,
	"screenshot_mime" text,
	"screenshot" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback" USING btree ("created_at");