import { describe, expect, it } from 'vitest';
import jsonExport from './jsonexportOnDemand';

/** The stand-in's answer, as react-admin's default exporter receives it. */
const convert = (...args: unknown[]) =>
  new Promise<{ error: Error | null; csv: string }>((resolve) =>
    jsonExport(...(args as [unknown]), (error: Error | null, csv: string) => resolve({ error, csv })),
  );

describe("react-admin's CSV library, fetched when an export is made (issue 14)", () => {
  it('turns rows into CSV as jsonexport does, once the library has loaded', async () => {
    const { error, csv } = await convert([
      { id: 1, name: 'Main' },
      { id: 2, name: 'Spare, old' },
    ]);
    expect(error).toBeNull();
    expect(csv.split('\n')).toEqual(['id,name', '1,Main', '2,"Spare, old"']);
  });

  it("passes jsonexport's options on", async () => {
    const { csv } = await convert([{ id: 1, name: 'Main' }], { rowDelimiter: ';' });
    expect(csv.split('\n')).toEqual(['id;name', '1;Main']);
  });
});
