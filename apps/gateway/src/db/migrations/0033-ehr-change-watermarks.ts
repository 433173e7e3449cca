export const name = '0033-ehr-change-watermarks';

/**
 * Where an EHR's change poll has got to (issue 27: a FHIR EHR's `_lastUpdated` search), one row
 * per EHR and practice so a restart resumes rather than replays or skips. `watermark` is the newest
 * `meta.lastUpdated` seen (null until the first poll fixes a starting point); `seen` holds the
 * resource versions already reported inside the overlap window the next search reaches back over.
 * `leased_until` lets one instance of a fleet poll at a time.
 */
export const up = /* sql */ `
create table ehr_change_watermarks (
  source text not null,
  practice_id text not null,
  watermark timestamptz,
  seen jsonb not null default '[]',
  leased_until timestamptz,
  updated_at timestamptz not null default now(),
  primary key (source, practice_id)
);
`;
