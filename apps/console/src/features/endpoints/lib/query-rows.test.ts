import { describe, expect, it } from 'vitest';

import { queryPairs, rowsForUrl, urlWithQuery, urlWithRows } from './query-rows';

describe('query rows', () => {
  it('reads the pairs of a typed query, decoded as the gateway reads them', () => {
    expect(queryPairs('/utility/datetime?format=yyyy-MM-dd+HH%3Amm&flag&bad=%E0')).toEqual([
      ['format', 'yyyy-MM-dd HH:mm'],
      ['flag', ''],
      ['bad', '%E0'],
    ]);
    expect(queryPairs('/utility/datetime')).toEqual([]);
    expect(queryPairs('/a?x=1#part')).toEqual([['x', '1']]);
  });

  it("replaces the rows with the typed URL's query, keeping ids and the drafts being written", () => {
    const preset = [
      { id: 4, name: 'source', value: 'mock' },
      { id: 7, name: '', value: 'half typed' },
      { id: 8, name: '', value: '' },
    ];
    expect(rowsForUrl('/utility/datetime?format=yyyy', preset)).toEqual([
      { id: 4, name: 'format', value: 'yyyy' },
      { id: 7, name: '', value: 'half typed' },
    ]);
    // A URL without a query leaves one empty row to type in.
    expect(rowsForUrl('/utility/datetime', [{ id: 2, name: 'source', value: 'mock' }])).toEqual([
      { id: 3, name: '', value: '' },
    ]);
  });

  it('writes the named rows into the URL, encoded, replacing the query it had', () => {
    const rows = [
      { id: 0, name: 'lastName', value: "O'Brien & Sons" },
      { id: 1, name: '', value: 'draft' },
      { id: 2, name: ' limit ', value: '' },
    ];
    expect(urlWithRows('https://gw.test/api/1/patients?source=mock', rows)).toBe(
      "https://gw.test/api/1/patients?lastName=O'Brien%20%26%20Sons&limit=",
    );
    expect(urlWithRows('https://gw.test/api/1/patients?source=mock', [])).toBe(
      'https://gw.test/api/1/patients',
    );
    expect(urlWithQuery('/utility/validate-dob', Object.entries({ dob: '1985-07-14' }))).toBe(
      '/utility/validate-dob?dob=1985-07-14',
    );
  });
});
