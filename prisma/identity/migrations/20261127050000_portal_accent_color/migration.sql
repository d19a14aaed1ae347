-- AlterTable
ALTER TABLE "identity"."organizations" ADD COLUMN     "portal_accent_color" TEXT;
