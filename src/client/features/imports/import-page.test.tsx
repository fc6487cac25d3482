// The Import screen as an owner meets it (docs/product/testimonials.md#import-screen): a file read in the browser with its
// format and columns, a mapping that changes the preview, the check on the server (a dry run) with its failed rows,
// the import that follows only when the owner asks for it, a refusal that keeps the file and the choices, and the
// recent imports with the photos fetched for them.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importFile, listImportRuns } from '../../../shared/contracts/imports';
import { FORMAT_LABELS, IMPORT_FIELD_LABELS } from '../../../shared/import-formats';
import type { ImportQuery, ImportReport, ImportRun } from '../../../shared/schemas/imports';
import { chooseFiles } from '../../testing/files';
import { createImportReport, createImportRun } from '../../testing/import-factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { RUNS_POLL_MS } from './api';
import { ImportPage } from './import-page';
import { importButton, TEXT } from './texts';

type Sent = { query: ImportQuery; contentType: string | null; body: string };

/**
 * Answers the import with `reports` in turn (the last one again after that), each once `hold` (if given)
 * resolves, and remembers what was sent.
 */
function serveImport(...reports: Array<ImportReport | ReturnType<typeof apiErrorResponse>>) {
  const sent: Sent[] = [];
  const gate = { hold: undefined as Promise<void> | undefined };
  server.use(
    mock(importFile, async ({ request, query }) => {
      sent.push({
        query,
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      });
      await gate.hold;
      const answer = reports[Math.min(sent.length, reports.length) - 1]!;
      return answer instanceof Response
        ? answer
        : { ...answer, format: query.format === 'auto' ? 'csv' : query.format };
    }),
  );
  return Object.assign(sent, { gate });
}

function serveRuns(...answers: ImportRun[][]) {
  let calls = 0;
  server.use(
    mock(listImportRuns, () => {
      calls += 1;
      return { runs: answers[Math.min(calls, answers.length) - 1] ?? [] };
    }),
  );
}

const renderPage = () => renderScreen(<ImportPage />, { path: '/testimonials/import' });

const SENJA = [
  'id,customer_name,customer_email,customer_company,text,rating,date,customer_avatar,url',
  't1,Jane Doe,jane@example.com,Acme,Lovely bread and kind staff.,5,2026-03-01,https://cdn.example.com/jane.png,https://senja.io/t1',
  't2,Bob Smith,,,"Great coffee, slow service.",4,2026-03-02,,',
  't3,Ann Lee,,,Fine.,9,2026-03-03,,',
].join('\n');

const csvFile = (text: string, name = 'export.csv') => new File([text], name, { type: 'text/csv' });

async function choose(file: File) {
  const view = renderPage();
  await chooseFiles(view.user, screen.getByRole('button', { name: /Choose a CSV or JSON file/ }), [
    file,
  ]);
  await screen.findByText(file.name);
  return view;
}

const preview = () => screen.getByRole('region', { name: TEXT.previewRegion });
const previewRows = () => within(preview()).getAllByRole('row').slice(1);
const fieldSelect = (field: keyof typeof IMPORT_FIELD_LABELS) =>
  screen.getByRole<HTMLSelectElement>('combobox', { name: IMPORT_FIELD_LABELS[field] });
const formatValue = () =>
  screen.getByRole<HTMLSelectElement>('combobox', { name: TEXT.formatLabel }).value;

afterEach(() => {
  vi.useRealTimers();
});

describe('choosing a file', () => {
  it('reads a Senja export: its format, columns and first rows, with the reason a row would fail', async () => {
    serveRuns([]);
    await choose(csvFile(SENJA, 'senja.csv'));

    expect(screen.getByText('· 3 rows')).toBeDefined();
    const format = screen.getByRole('combobox', { name: TEXT.formatLabel });
    expect(formatValue()).toBe('senja');
    expect(within(format).getByRole('option', { selected: true }).textContent).toBe(
      FORMAT_LABELS.senja,
    );
    expect(screen.getByText(TEXT.formatDetected)).toBeDefined();
    expect(fieldSelect('name').value).toBe('customer_name');
    expect(fieldSelect('photoUrl').value).toBe('customer_avatar');
    expect(fieldSelect('location').value).toBe('');

    const [jane, bob, ann] = previewRows();
    expect(within(jane!).getByText('Jane Doe')).toBeDefined();
    expect(within(jane!).getByText('Lovely bread and kind staff.')).toBeDefined();
    expect(within(jane!).getByText(TEXT.rowReady)).toBeDefined();
    expect(within(bob!).getByText('Great coffee, slow service.')).toBeDefined();
    expect(within(ann!).getByText(/Rating must be a whole number from 1 to 5/)).toBeDefined();
    expect(await screen.findByText(TEXT.runsEmptyTitle)).toBeDefined();
  });

  it('refuses a file over 10 MB at once', async () => {
    serveRuns([]);
    const { user } = renderPage();
    const big = csvFile('name,text\n');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    const button = screen.getByRole('button', { name: /Choose a CSV or JSON file/ });
    await chooseFiles(user, button, [big]);
    expect((await screen.findByRole('alert')).textContent).toBe(TEXT.tooLarge);
    expect(screen.queryByRole('combobox', { name: TEXT.formatLabel })).toBeNull();
  });

  it('refuses a file that is not UTF-8 before anything is sent', async () => {
    serveRuns([]);
    const { user } = renderPage();
    const bytes = Uint8Array.from([0x6e, 0x2c, 0x74, 0x0a, 0x4a, 0xe9, 0x2c, 0x43]);
    const latin1 = new File([bytes], 'old.csv', { type: 'text/csv' });
    await chooseFiles(user, screen.getByRole('button', { name: /Choose a CSV or JSON file/ }), [
      latin1,
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe(TEXT.notUtf8);
  });

  it('reads Google reviews as they are, with no columns to choose', async () => {
    serveRuns([]);
    const reviews = {
      reviews: [
        {
          reviewId: 'g1',
          reviewer: { displayName: 'Chris Green' },
          starRating: 'FOUR',
          comment: 'Very good.',
          createTime: '2026-01-05T10:00:00Z',
        },
      ],
    };
    await choose(new File([JSON.stringify(reviews)], 'reviews.json', { type: 'application/json' }));
    expect(screen.queryByRole('combobox', { name: TEXT.formatLabel })).toBeNull();
    expect(screen.getByText(FORMAT_LABELS.google)).toBeDefined();
    expect(screen.getByText(TEXT.mappingGoogle)).toBeDefined();
    expect(screen.queryByRole('combobox', { name: IMPORT_FIELD_LABELS.name })).toBeNull();
    const [row] = previewRows();
    expect(within(row!).getByText('Chris Green')).toBeDefined();
    expect(within(row!).getByText('4')).toBeDefined();
  });
});

describe('mapping the columns', () => {
  it('shows the preview in the columns chosen, and sends the changed mapping with the check', async () => {
    serveRuns([]);
    const sent = serveImport(createImportReport({ imported: 2 }));
    const { user } = await choose(
      csvFile('Name,Nickname,Review,Stars\nJane Doe,JD,Lovely,5\nBob Smith,Bobby,Good,4\n'),
    );
    expect(formatValue()).toBe('csv');
    expect(fieldSelect('text').value).toBe('Review');
    expect(within(previewRows()[0]!).getByText('Jane Doe')).toBeDefined();

    await user.selectOptions(fieldSelect('name'), 'Nickname');
    expect(within(previewRows()[0]!).getByText('JD')).toBeDefined();
    expect(within(previewRows()[0]!).queryByText('Jane Doe')).toBeNull();

    // Any field may be left out, one the format fills too (the file's stars, here).
    await user.selectOptions(fieldSelect('rating'), TEXT.notInFile);
    await user.selectOptions(fieldSelect('email'), 'Nickname');
    expect(within(previewRows()[0]!).getByText('Email "JD" is not an email address')).toBeDefined();
    await user.selectOptions(fieldSelect('email'), TEXT.notInFile);
    expect(within(previewRows()[0]!).getByText(TEXT.rowReady)).toBeDefined();

    await user.click(screen.getByRole('button', { name: TEXT.check }));
    await screen.findByRole('button', { name: importButton(2, false) });
    expect(sent[0]!.query).toMatchObject({
      format: 'csv',
      status: 'pending',
      dryRun: true,
      // The emptied field goes as "", which tells the server to leave the format's column out.
      mapping: { name: 'Nickname', text: 'Review', rating: '' },
    });

    // Back to the format's own columns: the report is set aside, and no mapping is sent.
    await user.selectOptions(fieldSelect('name'), 'Name');
    await user.selectOptions(fieldSelect('rating'), 'Stars');
    await user.click(screen.getByRole('button', { name: TEXT.check }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.query.mapping).toBeUndefined();
  });
});

describe('checking and importing', () => {
  it('reports the failed rows, and imports the good ones only when asked', async () => {
    serveRuns([], [createImportRun({ imported: 3, duplicates: 1, failed: 3 })]);
    const report = createImportReport({
      imported: 3,
      duplicates: 1,
      failed: [{ row: 3, reason: 'Rating must be a whole number from 1 to 5, or empty' }],
      failedNotListed: 2,
      photosQueued: 1,
    });
    const sent = serveImport(report);
    const { user } = await choose(csvFile(SENJA, 'senja.csv'));

    await user.click(screen.getByRole('button', { name: TEXT.check }));
    const importGood = await screen.findByRole('button', { name: 'Import the good rows (3)' });
    // The keyboard goes on from the report.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: TEXT.reportTitle })),
    );
    expect(screen.queryByRole('button', { name: TEXT.check })).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.dryRun).toBe(true);
    expect(sent[0]!.query.mapping).toBeUndefined();
    expect(screen.getByText('3 testimonials would be imported')).toBeDefined();
    expect(screen.getByText('1 row is already here and would be skipped')).toBeDefined();
    expect(screen.getByText('3 rows failed')).toBeDefined();
    const failed = screen.getByRole('region', { name: TEXT.failedRegion });
    const [, row] = within(failed).getAllByRole('row');
    expect(within(row!).getByText('3')).toBeDefined();
    expect(within(row!).getByText(/Rating must be a whole number/)).toBeDefined();
    expect(screen.getByText('…and 2 more failed rows.')).toBeDefined();
    expect(screen.getByText(TEXT.failedLeftOut)).toBeDefined();

    await user.click(importGood);
    expect(await screen.findByText('Imported 3 testimonials', { selector: 'p' })).toBeDefined();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.query).toMatchObject({ dryRun: false, status: 'pending', format: 'senja' });
    expect(sent[1]!.body).toBe(SENJA);
    expect(screen.getByText('1 row was already here and skipped.')).toBeDefined();
    expect(screen.getByText('3 rows failed and were left out.')).toBeDefined();
    expect(screen.getByText('1 photo is being fetched in the background.')).toBeDefined();
    expect(screen.getByRole('link', { name: TEXT.viewPending }).getAttribute('href')).toBe(
      '/testimonials?status=pending',
    );
    expect(screen.getByRole('status').textContent).toBe('Imported 3 testimonials');
    // The list of imports is read again.
    expect(await screen.findByText('3 imported, 1 duplicate, 3 failed')).toBeDefined();
  });

  it('imports a clean file as approved, sent as the CSV it is', async () => {
    serveRuns([]);
    const text = 'name,text,rating\nJane Doe,Lovely,5\nBob Smith,Good,4\n';
    const sent = serveImport(createImportReport({ imported: 2 }));
    const { user } = await choose(csvFile(text));
    await user.click(screen.getByRole('radio', { name: TEXT.statusApproved }));
    await user.click(screen.getByRole('button', { name: TEXT.check }));
    const importAll = await screen.findByRole('button', { name: 'Import 2 testimonials' });
    expect(screen.queryByText(TEXT.failedLeftOut)).toBeNull();

    let answer = () => {};
    sent.gate.hold = new Promise((resolve) => (answer = resolve));
    await user.click(importAll);
    // While the file is sent (happy-dom reports no upload progress), the bar and the live region say so.
    expect(await screen.findByRole('progressbar', { name: TEXT.progressLabel })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe(TEXT.uploading);
    expect(screen.queryByRole('button', { name: 'Import 2 testimonials' })).toBeNull();
    answer();

    expect(await screen.findByText('Imported 2 testimonials', { selector: 'p' })).toBeDefined();
    expect(sent[1]).toEqual({
      query: expect.objectContaining({ status: 'approved', dryRun: false, format: 'csv' }),
      contentType: 'text/csv',
      body: text,
    });
    expect(screen.getByRole('link', { name: TEXT.viewTestimonials }).getAttribute('href')).toBe(
      '/testimonials',
    );

    await user.click(screen.getByRole('button', { name: TEXT.importAnother }));
    const drop = screen.getByRole('button', { name: /Choose a CSV or JSON file/ });
    await waitFor(() => expect(document.activeElement).toBe(drop));
  });

  it("shows the server's refusal and keeps the file and the mapping", async () => {
    serveRuns([]);
    const sent = serveImport(
      apiErrorResponse(
        400,
        'VALIDATION_ERROR',
        'Mapping must name a column for fields among: name, email',
      ),
      createImportReport({ imported: 2 }),
    );
    const { user } = await choose(
      csvFile('Name,Nickname,Review\nJane Doe,JD,Lovely\nBob Smith,Bobby,Good\n', 'reviews.csv'),
    );
    await user.selectOptions(fieldSelect('name'), 'Nickname');
    await user.click(screen.getByRole('button', { name: TEXT.check }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Mapping must name a column for fields among: name, email',
    );
    expect(screen.getByText('reviews.csv')).toBeDefined();
    expect(fieldSelect('name').value).toBe('Nickname');
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: TEXT.check }));
    expect(await screen.findByRole('button', { name: 'Import 2 testimonials' })).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent[1]!.query.mapping).toMatchObject({ name: 'Nickname' });
  });
});

describe('recent imports', () => {
  it('lists each import with its photos, the photos that failed, and follows the photos still being fetched', async () => {
    const failures = [
      {
        authorName: 'Jane Doe',
        url: 'https://cdn.example.com/jane.png',
        reason: 'The address answered 404',
      },
    ];
    const fetching = createImportRun({
      format: 'senja',
      imported: 12,
      duplicates: 2,
      failed: 1,
      photos: { queued: 3, done: 1, failures },
    });
    serveRuns(
      [fetching, createImportRun({ format: 'google', imported: 1 })],
      [{ ...fetching, photos: { queued: 3, done: 3, failures } }],
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();

    const list = await screen.findByRole('list', { name: TEXT.runsTitle });
    const [senja, google] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(within(senja!).getByText(FORMAT_LABELS.senja)).toBeDefined();
    expect(within(senja!).getByText('12 imported, 2 duplicates, 1 failed')).toBeDefined();
    expect(
      within(senja!).getByText('Fetching photos in the background: 1 of 3 done'),
    ).toBeDefined();
    expect(within(senja!).getByText('Jane Doe')).toBeDefined();
    expect(within(senja!).getByText('https://cdn.example.com/jane.png')).toBeDefined();
    expect(within(senja!).getByText('The address answered 404')).toBeDefined();
    expect(within(google!).getByText(FORMAT_LABELS.google)).toBeDefined();
    expect(within(google!).getByText('No photos')).toBeDefined();

    await act(() => vi.advanceTimersByTimeAsync(RUNS_POLL_MS));
    await waitFor(() => expect(screen.getByText('Photos fetched: 2 of 3')).toBeDefined());
  });
});
