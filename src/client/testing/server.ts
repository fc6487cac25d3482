// The fake server of the component tests: MSW answers the client's requests
// in-process. A handler names its endpoint's contract (`mock`), whose schemas
// check the request and the answer, so a test can neither send nor answer
// something the real server would not.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import {
  type BodyOf,
  type Contract,
  type ParsedQueryOf,
  type PathParams,
  type ReplyOf,
  type ResponseOf,
  successStatusOf,
} from '../../shared/contract';
import { putUpload, uploadUrlContracts } from '../../shared/contracts/uploads';
import { uploadPurposes } from '../../shared/schemas/uploads';
import type { ApiError as ApiErrorBody } from '../../shared/schemas/api-error';

export const server = setupServer();

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a contract's mock receives: the JSON body as the client sent it (checked by the contract), the query parsed. */
export type ContractCall<C extends Contract> = {
  request: Request;
  url: URL;
  params: PathParams<C['path']>;
  query: ParsedQueryOf<C>;
  body: BodyOf<C>;
};

/** What a contract's mock answers: its success (typed by its response schema) or a ready HttpResponse. */
export type ContractAnswer<C extends Contract> =
  ReplyOf<C> | ResponseOf<C> | HttpResponse<JsonBodyType>;

/**
 * The fake of one endpoint, named by its contract (src/shared/contracts): the
 * request's query and body are parsed by the contract's schemas (a request the
 * server would refuse gets its 400 here too), and the answer by its response
 * schema, so a test can neither send nor answer what the real server would not.
 */
export function mock<C extends Contract>(
  contract: C,
  resolve: (call: ContractCall<C>) => ContractAnswer<C> | Promise<ContractAnswer<C>>,
) {
  const method = contract.method.toLowerCase() as Method;
  const status = successStatusOf(contract);
  const success = status === 204 ? undefined : contract.response[status];
  return http[method](contract.path, async ({ request, params }) => {
    const url = new URL(request.url);
    const text = method === 'get' ? '' : await request.clone().text();
    // A file sent as it is (a CSV import) is no JSON: the mock reads it from `request`.
    const json = request.headers.get('content-type')?.startsWith('application/json') ?? false;
    const sent: unknown = text && json ? JSON.parse(text) : undefined;
    const parts = {
      query: contract.query?.safeParse(Object.fromEntries(url.searchParams)),
      body: contract.body?.safeParse(sent),
    };
    for (const parsed of [parts.query, parts.body]) {
      if (parsed && !parsed.success)
        return apiErrorResponse(400, 'VALIDATION_ERROR', 'Validation failed', parsed.error.issues);
    }
    const answer = await resolve({
      request,
      url,
      params: params as PathParams<C['path']>,
      query: parts.query?.data as ParsedQueryOf<C>,
      body: sent as BodyOf<C>,
    });
    if (answer instanceof Response) return answer;
    if (!success) return new HttpResponse(null, { status: 204 });
    return HttpResponse.json(success.parse(answer) as JsonBodyType, {
      status,
    });
  });
}

/** The server's error answer, `{ error: { code, message, details? } }`. */
export function apiErrorResponse(status: number, code: string, message: string, details?: unknown) {
  const body: ApiErrorBody = {
    error: { code, message, ...(details === undefined ? {} : { details }) },
  };
  return HttpResponse.json(body, { status });
}

/** A file stored through `uploadStorage`. */
export type StoredUpload = {
  purpose: string;
  objectPath: string;
  contentType: string | null;
  size: number;
};

/**
 * The two steps of lib/uploads.ts, answered as the server's disk storage does:
 * POST to an upload endpoint gives `/objects/upload/<purpose>-<n>`, the PUT of
 * the file there answers `{ objectPath: '/objects/uploads/<purpose>-<n>' }`.
 * `server.use(...handlers)`, or of `urlHandlers` (one per purpose) and
 * `putHandler` alone; `stored` lists the files PUT, in order.
 */
export function uploadStorage() {
  const stored: StoredUpload[] = [];
  let count = 0;
  const urlHandlers = uploadPurposes.map((purpose) =>
    mock(uploadUrlContracts[purpose], () => {
      count += 1;
      return { uploadURL: `/objects/upload/${purpose}-${count}` };
    }),
  );
  // The PUT's body is the raw file, not JSON: a plain handler on the contract's path.
  const putHandler = http.put(putUpload.path, async ({ request, params }) => {
    const token = String(params.token);
    const objectPath = `/objects/uploads/${token}`;
    stored.push({
      purpose: token.replace(/-\d+$/, ''),
      objectPath,
      contentType: request.headers.get('content-type'),
      size: (await request.arrayBuffer()).byteLength,
    });
    return HttpResponse.json({ objectPath });
  });
  return { handlers: [...urlHandlers, putHandler], urlHandlers, putHandler, stored };
}
