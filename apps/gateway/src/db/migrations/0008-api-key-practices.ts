export const name = '0008-api-key-practices';

/** A key may be bound to practices; null (every existing key) means any practice. */
export const up = /* sql */ `
alter table api_keys add column practice_ids text[];
`;
