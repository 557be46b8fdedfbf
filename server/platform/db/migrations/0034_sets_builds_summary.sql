ALTER TABLE "firmware_groups" ADD COLUMN "builds_summary" jsonb DEFAULT '{"built":[],"platforms":[],"install_types":[],"main_workers":[],"floors":[]}'::jsonb NOT NULL;--> statement-breakpoint
-- What each set's builds are, kept by recountSet from now on (server/sets/sets-repository.ts, buildsSummary).
UPDATE "firmware_groups" SET "builds_summary" = (
  select jsonb_build_object(
    'built', coalesce((
      select jsonb_agg(jsonb_build_array(v.model, v.release_id) order by v.model)
      from (
        select distinct on (b.model) b.model, b.release_id
        from "builds" b where b.group_id = "firmware_groups".id
        order by b.model, b.id desc
      ) v), '[]'::jsonb),
    'platforms', coalesce(jsonb_agg(distinct live.platform order by live.platform) filter (where live.platform is not null), '[]'::jsonb),
    'install_types', coalesce(jsonb_agg(distinct live.install_type order by live.install_type) filter (where live.install_type is not null), '[]'::jsonb),
    'main_workers', coalesce(jsonb_agg(distinct nullif(live.worker, '') order by nullif(live.worker, '')) filter (where nullif(live.worker, '') is not null), '[]'::jsonb),
    'floors', coalesce((
      select jsonb_agg(jsonb_build_array(f.series, f.class, f.release_id) order by f.series, f.class)
      from (
        select "b"."series" as series, (case when "b"."stage" in ('dev') then 'dev' when "b"."stage" in ('alpha', 'beta', 'rc') then 'alpha' when "b"."stage" in ('prerelease', 'stable') then 'prerelease' else "b"."stage" end) as class, min("b"."release_id") as release_id
        from "builds" b where b.group_id = "firmware_groups".id and not b.is_removed group by 1, 2
      ) f), '[]'::jsonb)
  )
  from (
    select b.platform, b.install_type, (
      select e->>'worker' from jsonb_array_elements(b.fee_pools_configs) e
      where e->>'type_fee_pool' = 'devfee' limit 1
    ) as worker
    from "builds" b where b.group_id = "firmware_groups".id and not b.is_removed
  ) live
) WHERE "count_firmwares" + "count_removed_firmwares" > 0;
