-- Membership numbers are stored upper-case (the schema writes them so from now on): those written before in
-- another case are raised, unless another member's number differs from it only in case (left for an officer).
UPDATE "users" SET "user_camnum" = upper("user_camnum")
WHERE "user_camnum" <> upper("user_camnum")
  AND upper("user_camnum") IN (SELECT upper("user_camnum") FROM "users" GROUP BY 1 HAVING count(*) = 1);
