-- Issue 42 point 4: the default Analyst generates, downloads and uploads reports and edits their comments
-- (permissions.md "Default roles"; finalizing stays with Advisors and Admins). Databases seeded before get
-- the permissions on the role named 'Analyst', only those it lacks; a fresh database is seeded with them.
-- The change of who may do what is audited as the system's, as a role edit is.
WITH wanted AS (
  SELECT ARRAY['GENERATE_REPORTS', 'DOWNLOAD_REPORTS', 'UPLOAD_REPORTS', 'EDIT_REPORT_COMMENTS']::text[] AS perms
),
before AS (
  SELECT r.role_id, r.role_name, r.is_client_scoped, r.permissions
  FROM "roles" r, wanted w
  WHERE r.role_name = 'Analyst' AND NOT (r.permissions @> w.perms)
),
changed AS (
  UPDATE "roles" r
  SET permissions = r.permissions || ARRAY(SELECT p FROM unnest(w.perms) AS p WHERE p <> ALL (r.permissions)),
      updated_at = now()
  FROM before b, wanted w
  WHERE r.role_id = b.role_id
  RETURNING r.role_id, r.role_name, r.is_client_scoped, r.permissions
)
INSERT INTO "audit_log" (actor_email, action, entity, entity_id, before, after)
SELECT 'system', 'role.updated', 'role', c.role_id::text,
  jsonb_build_object('roleName', b.role_name, 'isClientScoped', b.is_client_scoped, 'permissions', to_jsonb(b.permissions)),
  jsonb_build_object('roleName', c.role_name, 'isClientScoped', c.is_client_scoped, 'permissions', to_jsonb(c.permissions))
FROM changed c JOIN before b ON b.role_id = c.role_id;
