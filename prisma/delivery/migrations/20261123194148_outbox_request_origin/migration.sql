-- AlterTable
ALTER TABLE "delivery"."outbox" ADD COLUMN     "request_id" TEXT,
ADD COLUMN     "traceparent" TEXT;
