CREATE TABLE "password_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_lockouts" (
	"email" text PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_failures_email_idx" ON "password_failures" USING btree ("email","failed_at");--> statement-breakpoint
CREATE INDEX "password_failures_at_idx" ON "password_failures" USING btree ("failed_at");