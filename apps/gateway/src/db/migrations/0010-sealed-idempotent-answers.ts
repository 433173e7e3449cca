export const name = '0010-sealed-idempotent-answers';

/**
 * Stored idempotent answers can name a patient, so they are kept sealed with a key derived from
 * the client's Idempotency-Key, and rows are found by a hash of that key (see
 * modules/idempotency). Answers stored in the clear before this are dropped: they live a day at
 * most, and a retry of one of them is answered as a new request.
 */
export const up = /* sql */ `
delete from idempotency_keys;
alter table idempotency_keys drop column response;
alter table idempotency_keys add column sealed_response text;
`;
