DROP INDEX "audit_log_occurred_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_lower_key" ON "roles" USING btree (lower("role_name"));--> statement-breakpoint
CREATE INDEX "audit_log_actor_prefix_idx" ON "audit_log" USING btree (lower("actor_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at","audit_id");