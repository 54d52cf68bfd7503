-- Issue 43 point 3: the exception queue's permissions on the default roles of databases seeded before
-- (permissions.md "Beyond the spec"): Admin, Advisor and Analyst view and act, Client Viewer views its
-- clients'. Only what a role named so lacks is added; the change is audited as the system's.
WITH wanted(role_name, perms) AS (
  VALUES ('Admin', ARRAY['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS']::text[]),
         ('Advisor', ARRAY['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS']::text[]),
         ('Analyst', ARRAY['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS']::text[]),
         ('Client Viewer', ARRAY['VIEW_EXCEPTIONS']::text[])
),
before AS (
  SELECT r.role_id, r.role_name, r.is_client_scoped, r.permissions, w.perms
  FROM "roles" r JOIN wanted w ON w.role_name = r.role_name
  WHERE NOT (r.permissions @> w.perms)
),
changed AS (
  UPDATE "roles" r
  SET permissions = r.permissions || ARRAY(SELECT p FROM unnest(b.perms) AS p WHERE p <> ALL (r.permissions)),
      updated_at = now()
  FROM before b
  WHERE r.role_id = b.role_id
  RETURNING r.role_id, r.role_name, r.is_client_scoped, r.permissions
)
INSERT INTO "audit_log" (actor_email, action, entity, entity_id, before, after)
SELECT 'system', 'role.updated', 'role', c.role_id::text,
  jsonb_build_object('roleName', b.role_name, 'isClientScoped', b.is_client_scoped, 'permissions', to_jsonb(b.permissions)),
  jsonb_build_object('roleName', c.role_name, 'isClientScoped', c.is_client_scoped, 'permissions', to_jsonb(c.permissions))
FROM changed c JOIN before b ON b.role_id = c.role_id;
