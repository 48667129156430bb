// The official conformance suite (@modelcontextprotocol/conformance 0.1.9) against
// `drivelab-cli mcp --http`: every server scenario that applies (docs/MCP.md, "Conformance").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttp, tempDir } from './common.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SUITE = path.join(here, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
// the scenarios that apply to DriveLab's server; the others are listed in docs/MCP.md with the reason
export const SCENARIOS = ['server-initialize', 'ping', 'logging-set-level', 'completion-complete', 'tools-list',
  'tools-call-simple-text', 'tools-call-error', 'tools-call-with-progress', 'tools-call-with-logging', 'resources-list',
  'prompts-list', 'server-sse-multiple-streams'];

let server, dir;
before(async () => {
  server = await startHttp(['--conformance-tools']);
  dir = tempDir('conformance'); // the suite writes results/ into its working directory
});
after(() => {
  server?.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

for (const scenario of SCENARIOS) {
  test(`conformance: ${scenario}`, () => {
    const r = spawnSync(process.execPath, [SUITE, 'server', '--url', server.url, '--scenario', scenario],
      { cwd: dir, encoding: 'utf8', timeout: 120000 });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  });
}
