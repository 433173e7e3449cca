export const name = '0006-drop-voice-config-trigram-indexes';

/**
 * The trigram indexes of 0005 never served the cross-entity query: it scores every active entry of
 * one tenant over several columns (name with address, code or specialty) and filters on the score,
 * which no index on lower(name) can answer. The query reads a tenant's entries through the
 * (tenant_id, lower(name)) unique indexes; the trigram indexes only cost writes.
 */
export const up = /* sql */ `
drop index if exists locations_name_trgm_idx;
drop index if exists departments_name_trgm_idx;
drop index if exists providers_name_trgm_idx;
`;
