-- A build's uuid downloads its artifact and developers read every build's log (issue 12, finding 9): the
-- uuid is masked in the log lines stored before agents and the server masked it (the default builder wrote
-- it in its first line and in the packed file's name). Either case, with or without dashes, as they mask it.
UPDATE "build_events" AS e
SET "data" = regexp_replace(e."data", replace(b."uuid"::text, '-', '-?'), '***', 'gi')
FROM "builds" AS b
WHERE e."build_id" = b."id"
  AND e."type" = 'log'
  AND e."data" ~* replace(b."uuid"::text, '-', '-?');
