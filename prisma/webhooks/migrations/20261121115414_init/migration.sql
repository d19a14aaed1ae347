-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "webhooks";

-- CreateTable
CREATE TABLE "webhooks"."processed_events" (
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("event_id")
);
