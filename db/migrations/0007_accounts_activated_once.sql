-- Custom migration: activated_at tells a deactivated account from one still waiting for its first activation.
-- Existing accounts that are active, or have ever signed in (which needs an active account), have been activated:
-- they get their last sign-in, else their registration, as the time. Accounts that never signed in and are
-- inactive now are taken as waiting (an account deactivated before it was ever used shows as waiting).
-- login_key is filled on start by users/service.ts fillLoginKeys: SQLite's lower() folds ASCII letters only.
update users set activated_at = coalesce(last_login_date, registration_date) where is_active = 1 or last_login_date is not null;
