-- AlterTable
ALTER TABLE "identity"."organizations" ADD COLUMN     "auto_archive_days" INTEGER;
