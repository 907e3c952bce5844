-- Deleting a review and the inbox's read state and replies are admin changes too: their kinds join the audit log's.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_valid" CHECK ("audit_log"."kind" in ('product.create', 'product.update', 'product.price', 'product.stock', 'product.delete', 'product.import', 'order.ship', 'order.cancel', 'order.refund', 'return.decide', 'user.role', 'review.delete', 'message.read', 'message.reply'));
