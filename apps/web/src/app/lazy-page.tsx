// A page from a lazy chunk (SPEC §8): a chunk that fails to download, or has not arrived within 120 seconds, ends in
// a ChunkLoadError, shown where the page would be with a way to load the portal again (a release replaces the chunks
// of the one a browser still runs), never a blank screen.
import { type ComponentType, lazy } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** `load`'s module, or a ChunkLoadError when it fails or has not come within `timeoutMs`. */
export function loadChunk<M>(load: () => Promise<M>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<M> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`the page did not arrive within ${timeoutMs / 1000} seconds`)), timeoutMs);
  });
  const loaded = load().catch((error: unknown) => {
    throw new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error });
  });
  return Promise.race([loaded, late]).finally(() => clearTimeout(timer));
}

function ChunkLoadFailed({ error }: { error: Error }) {
  return (
    <div role="alert">
      <p>
        {error.name}: this page could not be loaded ({error.message}).
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

/** The component `name` of the module `load` gives, lazily; a ChunkLoadError in its place if the module does not come. */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M, timeoutMs = CHUNK_TIMEOUT_MS): ComponentType {
  return lazy(async () => {
    try {
      return { default: (await loadChunk(load, timeoutMs))[name] as ComponentType };
    } catch (error) {
      return { default: () => <ChunkLoadFailed error={error as Error} /> };
    }
  });
}
