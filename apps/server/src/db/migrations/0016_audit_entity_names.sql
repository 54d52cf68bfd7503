-- One audit entity name per table (security issue 14 point 10): rows written before the rename take
-- the catalogue's names (platform/audit/audit-entities.ts). Only the label changes, never a fact, so the
-- append-only trigger steps aside for this statement alone.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
UPDATE audit_log SET entity = CASE entity
  WHEN 'account-group' THEN 'account_group'
  WHEN 'account-link' THEN 'account_link'
  WHEN 'note-comment' THEN 'note_comment'
  WHEN 'bankClientRelationship' THEN 'bank_client_relationship'
  ELSE entity END
WHERE entity IN ('account-group', 'account-link', 'note-comment', 'bankClientRelationship');
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
