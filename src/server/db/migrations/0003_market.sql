CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"open_time" bigint NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" double precision NOT NULL,
	"quote_volume" double precision,
	CONSTRAINT "candles_symbol_interval_open_time_pk" PRIMARY KEY("symbol","interval","open_time")
);
