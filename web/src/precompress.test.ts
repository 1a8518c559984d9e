import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { precompress } from '../precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the plugin's hooks on a directory standing for the build's output. */
function runOn(outDir: string): void {
  const plugin = precompress();
  const configResolved = plugin.configResolved as (config: Pick<ResolvedConfig, 'root' | 'build'>) => void;
  configResolved({ root: '/', build: { outDir } as ResolvedConfig['build'] });
  (plugin.closeBundle as () => void)();
}

describe('the build writes compressed copies of its assets', () => {
  it('writes a brotli and a gzip copy of each text file that decompress to the original, and leaves images and tiny files alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'gavel-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = 'export const greeting = "hello, bidder";\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'main-abc123.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>gala</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    runOn(dir);
    const js = join(dir, 'assets', 'main-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'photo.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.css.gz'))).toBe(false);
  });
});
