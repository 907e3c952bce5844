ALTER TABLE "refunds" RENAME TO "stray_payment_refunds";--> statement-breakpoint
ALTER TABLE "stray_payment_refunds" RENAME CONSTRAINT "refunds_pkey" TO "stray_payment_refunds_pkey";
