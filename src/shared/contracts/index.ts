// Every endpoint of the server, each declared once in its area's file. The
// tenant matrix and the OpenAPI test compare this list with the live route
// table: a route without a contract, or a contract without a route, fails.
import { contractKey, type Contract } from '../contract.js';
import * as widget from './widget.js';

export const allContracts: readonly Contract[] = [...Object.values(widget)];

export const contractByKey: ReadonlyMap<string, Contract> = new Map(
  allContracts.map((contract) => [contractKey(contract), contract]),
);
