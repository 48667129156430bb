// The Streamable HTTP transport: the SDK's HTTP client, progress over SSE, and the
// transport's own rules (405 for GET, sessions, Origin and Host checks, bearer tokens,
// loopback only).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CLI, startHttp } from './common.mjs';

let server;
before(async () => {
  server = await startHttp(['--token', 'secret']);
});
after(() => server?.child.kill());

const auth = { Authorization: 'Bearer secret' };
const post = (body, headers = {}) =>
  fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...auth, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const init = { jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

test('the SDK client over Streamable HTTP: tools, a run with progress over SSE', async () => {
  const client = new Client({ name: 'drivelab-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: auth } }));
  const { tools } = await client.listTools();
  assert.ok(tools.some((t) => t.name === 'run_lab'));
  const progress = [];
  const r = await client.callTool({ name: 'run_lab', arguments: { lab: 'drivelab://examples/clutch-engagement' } }, undefined,
    { onprogress: (p) => progress.push(p) });
  assert.equal(r.isError, false);
  assert.match(r.structuredContent.final_state_hash, /^[0-9a-f]{16}$/);
  assert.ok(progress.length >= 1);
  const res = await client.readResource({ uri: r.structuredContent.report_uri });
  assert.match(res.contents[0].text, /"format": "drivelab.report"/);
  await client.close();
});

test('initialize answers the version asked for when known, else 2025-06-18; a session id is given', async () => {
  let r = await post(init);
  assert.equal(r.status, 200);
  assert.ok(r.headers.get('mcp-session-id'));
  assert.equal((await r.json()).result.protocolVersion, '2025-06-18');
  r = await post({ ...init, params: { ...init.params, protocolVersion: '2024-11-05' } });
  assert.equal((await r.json()).result.protocolVersion, '2024-11-05');
  r = await post({ ...init, params: { ...init.params, protocolVersion: '1999-01-01' } });
  assert.equal((await r.json()).result.protocolVersion, '2025-06-18');
});

test('transport rules: GET 405, sessions, parse errors, Origin, Host, token', async () => {
  const get = await fetch(server.url, { headers: { Accept: 'text/event-stream', ...auth } });
  assert.equal(get.status, 405);
  const sid = (await post(init)).headers.get('mcp-session-id');
  const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };
  assert.equal((await post(ping)).status, 400); // no session
  assert.equal((await post(ping, { 'Mcp-Session-Id': 'nope' })).status, 404);
  const ok = await post(ping, { 'Mcp-Session-Id': sid });
  assert.equal(ok.status, 200);
  assert.deepEqual((await ok.json()).result, {});
  const bad = await post('{oops', { 'Mcp-Session-Id': sid });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.code, -32700);
  const note = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'Mcp-Session-Id': sid });
  assert.equal(note.status, 202);
  assert.equal((await post(ping, { 'Mcp-Session-Id': sid, Origin: 'https://evil.example' })).status, 403);
  assert.equal((await post(ping, { 'Mcp-Session-Id': sid, Origin: 'http://localhost:3000' })).status, 200);
  assert.equal((await post(ping, { 'Mcp-Session-Id': sid, Authorization: 'Bearer wrong' })).status, 401);
  const del = await fetch(server.url, { method: 'DELETE', headers: { 'Mcp-Session-Id': sid, ...auth } });
  assert.equal(del.status, 200);
  assert.equal((await post(ping, { 'Mcp-Session-Id': sid })).status, 404);
  // a Host that is not a loopback name (DNS rebinding) is refused
  const { request } = await import('node:http');
  const status = await new Promise((resolve) => {
    const u = new URL(server.url);
    const req = request({ host: u.hostname, port: u.port, path: '/mcp', method: 'POST',
      headers: { Host: 'attacker.example', 'Content-Type': 'application/json', ...auth } }, (res) => resolve(res.statusCode));
    req.end(JSON.stringify(init));
  });
  assert.equal(status, 403);
});

test('loopback only unless --allow-remote with a token', () => {
  let r = spawnSync(CLI, ['mcp', '--http', '0.0.0.0:0'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /loopback/);
  r = spawnSync(CLI, ['mcp', '--http', '0.0.0.0:0', '--allow-remote'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--token/);
});
