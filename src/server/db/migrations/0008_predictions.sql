CREATE TABLE "predictions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"origin_time" bigint NOT NULL,
	"origin_close" double precision NOT NULL,
	"model_version" text NOT NULL,
	"model" text NOT NULL,
	"steps" jsonb NOT NULL,
	"target_time" bigint NOT NULL,
	"actuals" jsonb,
	"judged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "predictions_origin_uq" ON "predictions" USING btree ("symbol","interval","origin_time","model_version");--> statement-breakpoint
CREATE INDEX "predictions_unjudged_idx" ON "predictions" USING btree ("target_time") WHERE "predictions"."judged_at" is null;