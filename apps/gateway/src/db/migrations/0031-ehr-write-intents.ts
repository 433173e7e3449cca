export const name = '0031-ehr-write-intents';

/**
 * Write intents (issue 27, docs/webhooks.md): a write to a remote EHR (athena, FHIR) is
 * journalled here, committed before the EHR is called, and deleted in the transaction that writes
 * its outbox event. An intent still here after `attempt_after` belongs to a write whose process
 * died (or whose answer was lost): recovery reads the record back from the EHR and writes the
 * event, or drops the intent when the write did not happen. `attempt_after` is also recovery's
 * lease, so two instances do not work one intent at once. `target` holds ids only; the identity a
 * registration needs to be found again is sealed.
 */
export const up = /* sql */ `
create table ehr_write_intents (
  id uuid primary key,
  source text not null,
  practice_id text not null,
  operation text not null,
  target jsonb not null,
  identity_sealed text,
  created_at timestamptz not null,
  attempt_after timestamptz not null
);
create index ehr_write_intents_due_idx on ehr_write_intents (attempt_after);
`;
