-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "repos";

-- CreateTable
CREATE TABLE "repos"."received_deliveries" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "provider_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "received_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "received_deliveries_connection_id_provider_id_key" ON "repos"."received_deliveries"("connection_id", "provider_id");
