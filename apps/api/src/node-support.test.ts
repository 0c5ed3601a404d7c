// README's promise: the portal installs and runs on Node 20.19+ as well as 22 LTS. Every package the lockfile
// installs must accept the lowest Node of each line the root package.json allows, or `npm ci` warns (EBADENGINE).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

interface LockEntry {
  version?: string;
  optional?: boolean;
  engines?: { node?: string };
}

describe('the Node versions README promises', () => {
  it.each(['20.19.0', '22.12.0', '24.0.0'])('every installed package accepts Node %s', async (node) => {
    const rootPackage = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(semver.satisfies(node, rootPackage.engines.node)).toBe(true);
    const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
    const refusing = Object.entries(lock.packages)
      // Platform builds (optional) are installed only where they fit; their engines are the platform's business.
      .filter(([, entry]) => !entry.optional && entry.engines?.node && !semver.satisfies(node, entry.engines.node))
      .map(([name, entry]) => `${name}@${entry.version} (node ${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});
