// Open on a document: a PDF opens in a new tab (no download attribute at all: even an empty one saves it, under the
// blob's random name); any other document is saved under its own name.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../test/fetch-answers';
import { openDocument } from './api';

afterEach(() => vi.unstubAllGlobals());

async function linkOpened(filename: string): Promise<HTMLAnchorElement> {
  answerFetch(() => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:doc';
      static override revokeObjectURL = () => undefined;
    },
  );
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await openDocument(3, filename);
  const link = clicked.mock.contexts[0] as HTMLAnchorElement;
  clicked.mockRestore();
  return link;
}

describe('openDocument', () => {
  it('opens a PDF in a new tab, without a download attribute', async () => {
    const link = await linkOpened('Bylaws.PDF');
    expect(link.target).toBe('_blank');
    expect(link.hasAttribute('download')).toBe(false);
  });

  it('saves another document under its own name', async () => {
    const link = await linkOpened('bylaws-1.md');
    expect(link.getAttribute('download')).toBe('bylaws-1.md');
  });
});
