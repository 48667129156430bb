// Shared helpers of the MCP tests: where the binary and the labs are, a client over stdio
// (the official SDK's transport), the command line's own results to compare with.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SOURCE = process.env.DRIVELAB_SOURCE_DIR ?? path.resolve(here, '../..');
export const CLI = process.env.DRIVELAB_CLI ?? path.join(SOURCE, 'build/bin/drivelab-cli');
export const LABS = path.join(SOURCE, 'labs');

export function exampleNames() {
  return fs.readdirSync(LABS).filter((f) => f.endsWith('.lab.json')).map((f) => f.replace(/\.lab\.json$/, '')).sort();
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `drivelab-mcp-${prefix}-`));
}

// a connected SDK client on `drivelab-cli mcp ARGS` over stdio
export async function stdioClient(args = []) {
  const transport = new StdioClientTransport({ command: CLI, args: ['mcp', ...args], stderr: 'inherit' });
  const client = new Client({ name: 'drivelab-tests', version: '1.0.0' }, { capabilities: {} });
  await client.connect(transport);
  return { client, transport };
}

// `drivelab-cli run LAB --output REPORT`: the report's text
export function cliRun(lab, dir) {
  const out = path.join(dir, `${path.basename(lab)}.report.json`);
  execFileSync(CLI, ['run', lab, '--output', out, '--quiet']);
  return fs.readFileSync(out, 'utf8');
}

// `drivelab-cli COMMAND LAB --json` (any exit code): the parsed document
export function cliJson(command, lab) {
  const r = spawnSync(CLI, [command, lab, '--json'], { encoding: 'utf8' });
  return JSON.parse(r.stdout);
}

export function readLab(name) {
  return fs.readFileSync(path.join(LABS, `${name}.lab.json`), 'utf8');
}

// start `drivelab-cli mcp --http ADDRESS ARGS`; resolves with the URL it prints
export function startHttp(args = [], address = '127.0.0.1:0') {
  const child = spawn(CLI, ['mcp', '--http', address, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = err.match(/listening on (http:\S+)/);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

