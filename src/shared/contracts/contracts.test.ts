// The list of contracts (contracts/index.ts) is consistent on its own: one
// contract per "METHOD /path", each path's parameters named by its params
// schema, a summary for the document, a known access and section, and a
// `document` entry for every answer that is not JSON. Whether each contract has
// its route (and each route its contract) is the integration tests' part.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appPages } from '../app-pages.js';
import { contractKey, pathParamNames, type Access, type Section } from '../contract.js';
import { allContracts, contractByKey } from './index.js';
import { appPageContracts } from './pages.js';

const accesses: Record<Access, true> = {
  public: true,
  visitor: true,
  visitorOrOwner: true,
  signedIn: true,
  paidUser: true,
  owner: true,
  paid: true,
  apiKey: true,
};

const sections: Record<Section, true> = {
  api: true,
  widget: true,
  files: true,
  webhooks: true,
  reference: true,
  pages: true,
  app: true,
};

/** A body the serializer never sees (bytes, a stream, a page): the document must say what it is. */
const isNotJson = (schema: z.ZodType) =>
  schema instanceof z.ZodCustom || schema instanceof z.ZodString || schema instanceof z.ZodFile;

describe('contracts', () => {
  it('has some of every area', () => {
    expect(allContracts.length).toBeGreaterThan(0);
    expect(allContracts.map((contract) => contract.section)).toEqual(
      expect.arrayContaining(['widget', 'pages', 'reference']),
    );
  });

  it('declares each "METHOD /path" once', () => {
    const keys = allContracts.map(contractKey);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
    expect(contractByKey.size).toBe(allContracts.length);
  });

  it.each(allContracts.map((contract) => [contractKey(contract), contract] as const))(
    '%s',
    (_key, contract) => {
      // The path's `:names` are exactly the params schema's keys.
      const declared =
        contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape) : [];
      expect(contract.params === undefined || contract.params instanceof z.ZodObject).toBe(true);
      expect(declared.sort()).toEqual(pathParamNames(contract.path).sort());

      expect(contract.summary.trim()).not.toBe('');
      expect(Object.hasOwn(accesses, contract.access), `access ${contract.access}`).toBe(true);
      if (contract.section !== undefined)
        expect(Object.hasOwn(sections, contract.section), `section ${contract.section}`).toBe(true);

      expect(Object.keys(contract.response).length, 'a success answer').toBeGreaterThan(0);
      const documented = contract.document?.response ?? {};
      for (const [status, schema] of Object.entries(contract.response)) {
        if (schema && isNotJson(schema))
          expect(Object.hasOwn(documented, status), `document.response[${status}]`).toBe(true);
      }
    },
  );

  it('lists every page of the app but the test checkout, among the pages', () => {
    const pageContracts = Object.values(appPageContracts);
    expect(pageContracts.map((contract) => contract.path).sort()).toEqual(
      Object.values(appPages)
        .filter((path) => path !== appPages.testCheckout)
        .sort(),
    );
    // contracts/index.ts lists the contracts of an area's exported maps too.
    for (const contract of pageContracts) expect(allContracts).toContain(contract);
    for (const contract of pageContracts) expect(contract.section).toBe('pages');
  });
});
